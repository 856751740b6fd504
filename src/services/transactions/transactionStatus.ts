import type { Hex } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { TxPool } from '../../txpool/TxPool.js';

/** chain_transactionStatus's result (capitalised as the reference service answers). */
export type TransactionStatus = { status: 'Known'; stage: 'pool' | 'preconfirmed' | 'sealed' } | { status: 'Unknown' };

/**
 * Where a transaction is in its life: in the pool (pending or queued), pre-confirmed in the open
 * block, or in a sealed block; "Unknown" when the node has never accepted it (or dropped it from
 * the pool: replaced, evicted, or no longer executable). The view is checked first: a sub-block
 * is published before its transactions leave the pool, in one synchronous step.
 */
export function transactionStatus(view: ChainView, pool: Pick<TxPool, 'get'>, hash: Hex): TransactionStatus {
  const stored = view.transaction(hash);
  if (stored) return { status: 'Known', stage: view.isSealed(stored) ? 'sealed' : 'preconfirmed' };
  if (pool.get(hash)) return { status: 'Known', stage: 'pool' };
  return { status: 'Unknown' };
}
