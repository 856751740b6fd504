import type { TransactionStatus } from '../../backend.js';
import { hash } from '../../schemas/decoders.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** What Base's node answers: `Known` while the tx is in its mempool, else `Unknown`. */
type BaseTransactionStatus = { status: 'Known' | 'Unknown' };

/**
 * base_transactionStatus (Base's flashblocks RPC; docs/flashblocks.md): `{"status":"Known"}` while
 * the transaction is pooled (queued behind a nonce gap too) or pre-confirmed in the open block,
 * `{"status":"Unknown"}` otherwise — sealed, never accepted, or dropped from the pool. Base's node
 * answers from its mempool, which holds a transaction until its block is canonical; a sealed one
 * is Unknown there too. chain_transactionStatus tells the stages apart and keeps answering
 * through the seal.
 */
export const baseTransactionStatus = defineMethod({
  name: 'base_transactionStatus',
  summary: "Base's name: whether a transaction is pooled or pre-confirmed (Known) or not (Unknown).",
  tier: 'public',
  params: [{ name: 'transactionHash', decode: hash }],
  result: { name: 'status', schema: { type: 'object', properties: { status: { enum: ['Known', 'Unknown'] } }, required: ['status'] } },
  handler: (backend, [transactionHash]) => asBase(backend.transactions.transactionStatus(transactionHash)),
});

function asBase(status: TransactionStatus): BaseTransactionStatus {
  return { status: status.status === 'Known' && status.stage !== 'sealed' ? 'Known' : 'Unknown' };
}
