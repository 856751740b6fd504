import { toQuantity } from '../../primitives/hex.js';
import { LogMatcher } from '../logs/LogMatcher.js';
import { decodeLogCriteriaOptions, logCriteriaSchema } from './logCriteriaOptions.js';
import { defineSubscription } from './SubscriptionDefinition.js';
import { matchingLogs, sharedLogs } from './sharedLogs.js';

/**
 * newPreconfLogs: the matching logs of each pre-confirmed sub-block, as soon as it is durable,
 * with `blockHash` null (the block is not sealed yet) and the open block's `blockTimestamp`. Each
 * log is delivered once, and serialized once however many subscribers' criteria match it.
 */
export const newPreconfLogs = defineSubscription({
  name: 'newPreconfLogs',
  summary: 'Logs matching { address, topics } as soon as their sub-block is pre-confirmed (blockHash null).',
  optionsSchema: logCriteriaSchema,
  decodeOptions: decodeLogCriteriaOptions,
  start: (deps, { criteria }, notify) => {
    const matcher = new LogMatcher(criteria);
    return deps.events.on('subBlock', (event) => {
      const logs = deps.perEvent.get(event, 'newPreconfLogs', () => sharedLogs(event.transactions.flatMap((transaction) => transaction.receipt.logs)));
      const batch = matchingLogs(logs, matcher, null, toQuantity(event.timestamp));
      if (batch) notify(batch);
    });
  },
});
