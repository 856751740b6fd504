/**
 * The spec's result schemas describe sealed objects only: a transaction's `blockHash`, `blockNumber`,
 * `blockTimestamp` and `transactionIndex` are strings there. geth answers a transaction still in the
 * pool with those four null, and so does Sequin. A schema check of such an answer therefore requires
 * each of the four to be present, and checks everything else, by putting a well-formed stand-in where
 * the answer has null: a field that is missing still fails, as the schema requires it.
 */
import type { Json } from './compareResponses.js';

const ZERO_HASH = `0x${'00'.repeat(32)}`;
/** The transaction fields geth answers null before inclusion, with a stand-in the schema accepts. */
const TRANSACTION_NULLS: Record<string, Json> = { blockHash: ZERO_HASH, blockNumber: '0x0', blockTimestamp: '0x0', transactionIndex: '0x0' };

/** `result` (a pooled transaction, or an object of them as txpool_content answers) with stand-ins for geth's nulls. */
export function withNotYetSealedStandIns(result: Json): Json {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return result;
  const object = result as Record<string, Json>;
  if (!('hash' in object && 'nonce' in object && 'from' in object)) {
    // txpool_content: { pending: { sender: { nonce: tx } }, queued: … }
    return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, withNotYetSealedStandIns(value)]));
  }
  const copy: Record<string, Json> = { ...object };
  for (const [field, standIn] of Object.entries(TRANSACTION_NULLS)) if (field in copy && copy[field] === null) copy[field] = standIn;
  return copy;
}
