/**
 * eth_getTransactionByHash's result schema describes sealed transactions only: `blockHash`,
 * `blockNumber`, `blockTimestamp` and `transactionIndex` are strings there (txpool_content's schema
 * has them null). geth answers a transaction still in the pool with those four null, and so does Sequin. A schema check of such an answer therefore requires
 * each of the four to be present, and checks everything else, by putting a well-formed stand-in where
 * the answer has null: a field that is missing still fails, as the schema requires it.
 */
import type { Json } from './compareResponses.js';

const ZERO_HASH = `0x${'00'.repeat(32)}`;
/** The transaction fields geth answers null before inclusion, with a stand-in the schema accepts. */
const TRANSACTION_NULLS: Record<string, Json> = { blockHash: ZERO_HASH, blockNumber: '0x0', blockTimestamp: '0x0', transactionIndex: '0x0' };

/** `result` (a pooled transaction) with stand-ins for geth's nulls. */
export function withNotYetSealedStandIns(result: Json): Json {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return result;
  const copy: Record<string, Json> = { ...(result as Record<string, Json>) };
  for (const [field, standIn] of Object.entries(TRANSACTION_NULLS)) if (field in copy && copy[field] === null) copy[field] = standIn;
  return copy;
}
