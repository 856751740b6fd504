import type { ChainStore } from '../chain/ChainStore.js';
import type { Hex } from '../primitives/hex.js';
import type { TransactionStatus } from '../rpc/backend.js';
import type { TxPool } from '../txpool/TxPool.js';

/**
 * Where a transaction is in its life: in the pool (pending or queued), pre-confirmed in the open
 * block, or in a sealed block; "Unknown" when the node has never accepted it (or dropped it from
 * the pool: replaced, evicted, or no longer executable). The chain is checked first: a sub-block
 * records its txs before it removes them from the pool, and both happen in one synchronous step.
 */
export function transactionStatus(chain: ChainStore, pool: TxPool, hash: Hex): TransactionStatus {
  const stored = chain.transaction(hash);
  if (stored) return { status: 'Known', stage: chain.blockByNumber(stored.blockNumber) ? 'sealed' : 'preconfirmed' };
  if (pool.get(hash)) return { status: 'Known', stage: 'pool' };
  return { status: 'Unknown' };
}
