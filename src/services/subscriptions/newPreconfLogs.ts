import { logInBlock } from '../../chain/receiptView.js';
import { toQuantity } from '../../primitives/hex.js';
import { LogMatcher } from '../logs/LogMatcher.js';
import { decodeLogCriteriaOptions, logCriteriaSchema } from './logCriteriaOptions.js';
import { defineSubscription } from './SubscriptionDefinition.js';

/**
 * newPreconfLogs: the matching logs of each pre-confirmed sub-block, as soon as it is durable,
 * with `blockHash` null (the block is not sealed yet) and the open block's `blockTimestamp`. Each log is delivered once.
 */
export const newPreconfLogs = defineSubscription({
  name: 'newPreconfLogs',
  summary: 'Logs matching { address, topics } as soon as their sub-block is pre-confirmed (blockHash null).',
  optionsSchema: logCriteriaSchema,
  decodeOptions: decodeLogCriteriaOptions,
  start: (deps, { criteria }, notify) => {
    const matcher = new LogMatcher(criteria);
    return deps.events.on('subBlock', ({ transactions, timestamp }) => {
      const blockTimestamp = toQuantity(timestamp);
      for (const transaction of transactions) {
        for (const log of transaction.receipt.logs) if (matcher.matches(log)) notify(logInBlock(log, null, blockTimestamp));
      }
    });
  },
});
