import { parseQuantity } from '../../primitives/hex.js';
import { followPreconfirmedTransactions, type TransactionPosition } from './followPreconfirmedTransactions.js';
import { NotificationBatch } from './NotificationBatch.js';
import { cursorOf } from './PreconfirmedPayloads.js';
import { defineSubscription, optionsObject } from './SubscriptionDefinition.js';

const quantitySchema = { title: 'quantity', type: 'string', pattern: '^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$' };

/**
 * newPreconfBlockTransactions: every pre-confirmed tx once, in pre-confirmation order, as soon
 * as its sub-block is durable (followPreconfirmedTransactions.ts). `result` is the hash, or
 * (full) the tx with its receipt fields flattened in; every message also carries `cursor`
 * {blockNumber, transactionIndex, subBlockIndex}. A client that reconnects passes its last
 * cursor as `after` and first receives every tx pre-confirmed since (sealed ones with their
 * block hash), then the live stream, with no gap and no repeat. With `proof`, each tx comes once its
 * sub-block's signed commitment is made (right after the sub-block, off the tick), with its proven answer.
 */
export const newPreconfBlockTransactions = defineSubscription({
  name: 'newPreconfBlockTransactions',
  summary:
    'Each pre-confirmed transaction once, in order: its hash, the transaction with its receipt, or (proof) its verifiable pre-confirmation; resumable from a cursor.',
  optionsSchema: {
    oneOf: [
      { type: 'boolean' },
      {
        type: 'object',
        properties: {
          full: { type: 'boolean' },
          proof: { type: 'boolean' },
          after: { type: 'object', properties: { blockNumber: quantitySchema, transactionIndex: quantitySchema } },
        },
      },
    ],
  },
  decodeOptions: decodePreconfOptions,
  start: (deps, { full, proof, after }, notify) =>
    followPreconfirmedTransactions(
      deps,
      after,
      proof ? 'newPreconfBlockTransactions:proof' : full ? 'newPreconfBlockTransactions:full' : 'newPreconfBlockTransactions',
      (transactions, at) =>
        NotificationBatch.of(
          transactions.map((stored) => (proof ? deps.proofs.answer(at, stored) : full ? deps.payloads.fullPayload(stored, at, 'sequin') : stored.fields.hash)),
          transactions.map((stored) => ({ cursor: cursorOf(stored) })),
        ),
      notify,
      // Proven answers wait for their sub-block's signed commitment (on a chain that signs).
      { committed: proof && deps.commitmentsSigned() },
    ),
});

/** `true`/`false` (full), or `{ full?, proof?, after?: { blockNumber, transactionIndex } }`; `proof` needs `full`. */
function decodePreconfOptions(options: unknown): { full: boolean; proof: boolean; after: TransactionPosition | undefined } {
  if (options === undefined || typeof options === 'boolean') return { full: options === true, proof: false, after: undefined };
  const object = optionsObject(options, ['full', 'proof', 'after']);
  if (object?.full !== undefined && typeof object.full !== 'boolean') throw new TypeError('full: boolean expected');
  if (object?.proof !== undefined && typeof object.proof !== 'boolean') throw new TypeError('proof: boolean expected');
  if (object?.proof === true && object.full !== true) throw new TypeError('proof: needs full: true');
  return { full: object?.full === true, proof: object?.proof === true, after: object?.after === undefined ? undefined : decodePosition(object.after) };
}

function decodePosition(value: unknown): TransactionPosition {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('after: object { blockNumber, transactionIndex } expected');
  const { blockNumber, transactionIndex } = optionsObject(value, ['blockNumber', 'transactionIndex', 'subBlockIndex'])!;
  if (blockNumber === undefined || transactionIndex === undefined) throw new TypeError('after: blockNumber and transactionIndex are required');
  return { blockNumber: parseQuantity(blockNumber), transactionIndex: parseQuantity(transactionIndex) };
}
