/**
 * The spec's result schemas describe sealed objects only: a transaction's `blockHash`, `blockNumber`,
 * `blockTimestamp` and `transactionIndex`, a block's `hash`, `nonce` and `miner` are strings there. geth
 * answers objects not in a sealed block yet with those fields null (a pooled transaction; the pending
 * block), and so does Sequin (a pre-confirmed transaction has its block number and index, and a null
 * `blockHash` until its block is sealed). A schema check of such an answer therefore requires each of
 * those fields to be present, and checks everything else, by putting a well-formed stand-in where the
 * answer has null: a field that is missing still fails, as the schema requires it.
 */
import type { Json } from './compareResponses.js';

const ZERO_HASH = `0x${'00'.repeat(32)}`;
/** The transaction fields geth answers null before inclusion, with a stand-in the schema accepts. */
const TRANSACTION_NULLS: Record<string, Json> = { blockHash: ZERO_HASH, blockNumber: '0x0', blockTimestamp: '0x0', transactionIndex: '0x0' };
/** The block fields geth answers null for the pending block. */
const BLOCK_NULLS: Record<string, Json> = { hash: ZERO_HASH, nonce: '0x0000000000000000', miner: `0x${'00'.repeat(20)}` };

/** `result` with stand-ins for the nulls geth's not-yet-sealed transactions and pending block carry (see above). */
export function withNotYetSealedStandIns(result: Json): Json {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return result;
  const object = result as Record<string, Json>;
  const isBlock = 'transactions' in object && 'parentHash' in object;
  const copy: Record<string, Json> = { ...object };
  for (const [field, standIn] of Object.entries(isBlock ? BLOCK_NULLS : TRANSACTION_NULLS)) if (copy[field] === null && field in copy) copy[field] = standIn;
  if (isBlock && Array.isArray(copy.transactions)) copy.transactions = copy.transactions.map(withNotYetSealedStandIns);
  return copy;
}
