import { followPreconfirmedTransactions } from './followPreconfirmedTransactions.js';
import { NotificationBatch } from './NotificationBatch.js';
import { defineSubscription, optionsObject } from './SubscriptionDefinition.js';

/**
 * newFlashblockTransactions (Base's flashblocks name; docs/flashblocks.md): newPreconfBlockTransactions'
 * stream under Base's name and in Base's shape — every pre-confirmed tx once, in order, as its
 * hash, or (with `true` / `{"full": true}`) the transaction with its receipt fields flattened in,
 * `blockHash` null and its logs' the zero hash. No resume cursor: Base's messages carry only `result`.
 */
export const newFlashblockTransactions = defineSubscription({
  name: 'newFlashblockTransactions',
  summary: "Base's name: each pre-confirmed transaction once, in order: its hash, or with true the transaction with its receipt fields.",
  optionsSchema: { oneOf: [{ type: 'boolean' }, { type: 'object', properties: { full: { type: 'boolean' } } }] },
  decodeOptions: (options: unknown) => {
    if (options === undefined || typeof options === 'boolean') return { full: options === true };
    const object = optionsObject(options, ['full']);
    if (object?.full !== undefined && typeof object.full !== 'boolean') throw new TypeError('full: boolean expected');
    return { full: object?.full === true };
  },
  start: (deps, { full }, notify) =>
    followPreconfirmedTransactions(
      deps,
      undefined,
      full ? 'newFlashblockTransactions:full' : 'newFlashblockTransactions',
      (transactions, at) => NotificationBatch.of(transactions.map((stored) => (full ? deps.payloads.fullPayload(stored, at, 'base') : stored.fields.hash))),
      notify,
    ),
});
