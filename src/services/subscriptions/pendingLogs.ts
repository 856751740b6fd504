import { UNSEALED_BLOCK_HASH } from '../../chain/receiptView.js';
import { followPreconfirmedLogs } from './followPreconfirmedLogs.js';
import { decodeLogCriteriaOptions, logCriteriaSchema } from './logCriteriaOptions.js';
import { defineSubscription } from './SubscriptionDefinition.js';

/**
 * pendingLogs (Base's flashblocks name; docs/flashblocks.md): newPreconfLogs' stream under Base's
 * name and in Base's shape — each matching log of each sub-block, one per notification, with
 * `blockHash` the zero hash, as Base's node takes them from its pre-confirmed receipts. Without
 * options every log matches, as on Base.
 */
export const pendingLogs = defineSubscription({
  name: 'pendingLogs',
  summary: "Base's name: logs matching { address, topics } as soon as their sub-block is pre-confirmed (blockHash the zero hash).",
  optionsSchema: logCriteriaSchema,
  decodeOptions: decodeLogCriteriaOptions,
  start: (deps, { criteria }, notify) => followPreconfirmedLogs(deps, criteria, UNSEALED_BLOCK_HASH, notify),
});
