import { logInBlock } from '../../chain/receiptView.js';
import { hexToBytes } from '../../primitives/hex.js';
import { LogMatcher } from '../logs/LogMatcher.js';
import { decodeLogCriteriaOptions, logCriteriaSchema } from './logCriteriaOptions.js';
import { defineSubscription } from './SubscriptionDefinition.js';

/**
 * logs: the matching logs of each sealed block, in log order, with the block's hash. A log
 * reaches subscribers once, when its block is sealed (geth's rule; no reorgs, so never `removed`).
 * A block whose bloom rules out a match is skipped without reading its receipts, as eth_getLogs does.
 */
export const logs = defineSubscription({
  name: 'logs',
  summary: 'Logs of each sealed block matching { address, topics }.',
  optionsSchema: logCriteriaSchema,
  decodeOptions: decodeLogCriteriaOptions,
  start: (deps, { criteria }, notify) => {
    const matcher = new LogMatcher(criteria);
    return deps.events.on('sealedBlock', ({ block, view }) => {
      if (!matcher.mayBeIn(hexToBytes(block.logsBloom))) return;
      for (const hash of block.transactions) {
        for (const log of view.transaction(hash)?.receipt.logs ?? []) {
          if (matcher.matches(log)) notify(logInBlock(log, block.hash, block.timestamp));
        }
      }
    });
  },
});
