import type { Hex } from '../primitives/hex.js';
import { type Storage, WriteBatch } from '../storage/Storage.js';
import type { PoolJournal } from './PoolJournal.js';
import type { PoolTransaction } from './PoolTransaction.js';
import { LOCAL_ONLY_TRANSACTION_LOG, type TransactionLog } from './TransactionLog.js';
import type { TxPool } from './TxPool.js';

/**
 * Takes transactions out of the pool on request (anvil_dropTransaction, anvil_dropAllTransactions,
 * anvil_removePoolTransactions), journal included: each removal is forgotten in one commit before
 * it resolves, so a restart does not bring the transactions back.
 *
 * A transaction the sequencer is executing right now ("in flight") is not in the pool any more
 * for this purpose: it is being pre-confirmed, as a transaction Anvil is mining is no longer in
 * Anvil's pool. Dropping a transaction also drops the sender's later nonces, which could never
 * execute without it (Anvil drops a transaction's dependents too).
 */
export class PoolRemoval {
  constructor(
    private readonly pool: TxPool,
    private readonly journal: PoolJournal,
    private readonly storage: Storage,
    /** A fleet's log: removals go there first, so the followers' pool mirrors drop the same txs. */
    private readonly log: TransactionLog = LOCAL_ONLY_TRANSACTION_LOG,
  ) {}

  /** Drops the tx and the sender's later-nonce txs; resolves to the tx's hash, or undefined when it is not in the pool. */
  async dropTransaction(hash: Hex): Promise<Hex | undefined> {
    const transaction = this.pool.get(hash);
    if (!transaction || this.pool.isInFlight(transaction.hash)) return undefined;
    const senderTxs = this.pool.contents().get(transaction.sender);
    const dependents = [...(senderTxs?.values() ?? [])].filter((other) => other.nonce > transaction.nonce);
    await this.remove([transaction, ...dependents]);
    return transaction.hash;
  }

  /** Drops every pooled tx; returns how many. */
  dropAll(): Promise<number> {
    return this.remove([...this.pool.contents().values()].flatMap((senderTxs) => [...senderTxs.values()]));
  }

  /** Drops every pooled tx of `sender` (unprefixed lower-case hex); returns how many. */
  dropSender(sender: string): Promise<number> {
    return this.remove([...(this.pool.contents().get(sender)?.values() ?? [])]);
  }

  private async remove(candidates: PoolTransaction[]): Promise<number> {
    const removed = candidates.filter((transaction) => !this.pool.isInFlight(transaction.hash));
    if (removed.length === 0) return 0;
    // Out of the pool first, so the sequencer cannot pick them while the log and the journal commit.
    for (const transaction of removed) this.pool.remove(transaction.hash);
    try {
      await this.log.recordDropped(removed.map((transaction) => transaction.hash));
    } catch (error) {
      // Not in the log (this node no longer sequences): the removal did not happen.
      for (const transaction of [...removed].sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0))) this.pool.admit(transaction);
      throw error;
    }
    const batch = new WriteBatch();
    for (const transaction of removed) this.journal.forget(batch, transaction.hash);
    await this.storage.commit(batch);
    return removed.length;
  }
}
