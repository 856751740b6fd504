import type { Hex } from '../primitives/hex.js';
import type { PoolTransaction } from './PoolTransaction.js';

/** A transaction admitted to the pool, announced after it is journaled (durable). */
export interface PendingTransactionEvent {
  hash: Hex;
  transaction: PoolTransaction;
}

/** The events the pool publishes. */
export type PoolEvents = {
  pendingTransaction: PendingTransactionEvent;
};
