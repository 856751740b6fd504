import { followPreconfirmedLogs } from './followPreconfirmedLogs.js';
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
  start: (deps, { criteria }, notify) => followPreconfirmedLogs(deps, criteria, null, notify),
});
