import { hexToBytes } from '../../primitives/hex.js';
import { LogMatcher } from '../logs/LogMatcher.js';
import { decodeLogCriteriaOptions, logCriteriaSchema } from './logCriteriaOptions.js';
import { defineSubscription } from './SubscriptionDefinition.js';
import { matchingLogs, sharedLogs } from './sharedLogs.js';

/**
 * logs: the matching logs of each sealed block, in log order, with the block's hash. A log
 * reaches subscribers once, when its block is sealed (geth's rule; no reorgs, so never `removed`).
 * A block whose bloom rules out a match is skipped without reading its receipts, as eth_getLogs
 * does. Each log is serialized once however many subscribers' criteria match it.
 */
export const logs = defineSubscription({
  name: 'logs',
  summary: 'Logs of each sealed block matching { address, topics }.',
  optionsSchema: logCriteriaSchema,
  decodeOptions: decodeLogCriteriaOptions,
  start: (deps, { criteria }, notify) => {
    const matcher = new LogMatcher(criteria);
    return deps.events.on('sealedBlock', (event) => {
      const { block, view } = event;
      if (!matcher.mayBeIn(hexToBytes(block.logsBloom))) return;
      const logs = deps.perEvent.get(event, 'logs', () => sharedLogs(block.transactions.flatMap((hash) => view.transaction(hash)?.receipt.logs ?? [])));
      const batch = matchingLogs(logs, matcher, block.hash, block.timestamp);
      if (batch) notify(batch);
    });
  },
});
