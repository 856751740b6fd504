import type { Hex } from '../primitives/hex.js';
import type { PoolTransaction } from './PoolTransaction.js';

/**
 * Where an accepted transaction is recorded beyond this machine before its hash is returned (a
 * fleet's replicated log, fleet/). Without a fleet it records nothing.
 */
export interface TransactionLog {
  /** Resolves once `transaction` is durable in the log; rejects when it cannot be (the tx is then refused). */
  recordAccepted(transaction: PoolTransaction): Promise<void>;
  /**
   * Resolves once the removal of pooled txs (dropped on request, or because they no longer
   * execute) is durable in the log, so followers' pool mirrors drop them too; rejects when it
   * cannot be (nothing is removed then).
   */
  recordDropped(hashes: readonly Hex[]): Promise<void>;
}

/** The log of a node on its own: nothing leaves the machine. */
export const LOCAL_ONLY_TRANSACTION_LOG: TransactionLog = {
  recordAccepted: async () => {},
  recordDropped: async () => {},
};
