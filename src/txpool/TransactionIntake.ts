import type { TypedTransaction } from '@ethereumjs/tx';
import { StorageUnavailableError } from '../errors/StorageUnavailableError.js';
import { TransactionRejectedError } from '../errors/TransactionRejectedError.js';
import type { TransactionRejection } from '../errors/TransactionRejection.js';
import type { EventBus } from '../events/EventBus.js';
import type { Hex } from '../primitives/hex.js';
import type { Logger } from '../primitives/logger.js';
import { RecoveryWorker } from '../primitives/RecoveryWorker.js';
import { type Storage, WriteBatch } from '../storage/Storage.js';
import { ArrivalOrder } from './ArrivalOrder.js';
import { decodeJournaledImpersonated, decodeNodeBuiltTransaction } from './decodeNodeBuiltTransaction.js';
import { type CheckedRawTransaction, checkRawTransaction, decodeRawTransaction, type StatelessRules, withSigner } from './decodeRawTransaction.js';
import type { PoolEvents } from './PoolEvents.js';
import type { PoolJournal } from './PoolJournal.js';
import type { PoolTransaction } from './PoolTransaction.js';
import { LOCAL_ONLY_TRANSACTION_LOG, type TransactionLog } from './TransactionLog.js';
import type { Admission, TxPool } from './TxPool.js';
import { type ValidationOutcome, valid } from './ValidationOutcome.js';

/**
 * eth_sendRawTransaction's path into the pool: stateless checks, stateful admission, then the
 * journal write, awaited before the hash is returned. lmdb-js commits every write issued in
 * one event-loop turn in one transaction, so concurrent submissions share an fsync (group commit).
 */
export class TransactionIntake {
  constructor(
    private readonly rules: StatelessRules,
    private readonly pool: TxPool,
    private readonly journal: PoolJournal,
    private readonly storage: Storage,
    private readonly events: Pick<EventBus<PoolEvents>, 'emit'>,
    private readonly logger: Logger,
    /** Where accepted txs are recorded beyond this machine (a fleet's log), with the journal write. */
    private readonly log: TransactionLog = LOCAL_ONLY_TRANSACTION_LOG,
  ) {}

  /** Typed transactions' signers are recovered there, off the main thread. */
  private readonly recovery = new RecoveryWorker();
  /** Submissions waiting for a recovery, or behind one: admitted in the order they arrived. */
  private readonly arrivals = new ArrivalOrder<ValidationOutcome<PoolTransaction>>();

  /**
   * Validates, admits and journals a raw transaction; resolves to its hash once it is durable.
   * An invalid transaction rejects with a {@link TransactionRejectedError} carrying the reason;
   * a failed journal write rejects with the storage's error (a {@link StorageUnavailableError}
   * on a full or failing disk) and the admission is taken back: nothing is acknowledged that is
   * not durable.
   */
  async submit(raw: Uint8Array): Promise<Hex> {
    const checked = checkRawTransaction(raw, this.rules);
    if (!checked.valid) throw new TransactionRejectedError(checked.reason);
    return this.inArrivalOrder(checked.value, (decoded) => this.admitAndJournal(decoded));
  }

  /**
   * Like {@link submit}, for a transaction the node built for `sender`: signed with a dev account's key,
   * or zero-signed for an impersonated `sender` (`impersonated`; execution/impersonatedTransaction.ts
   * `impersonate`), journaled with its sender. The same checks but the signature's: the node knows
   * the sender, so nothing is decoded or recovered again.
   */
  async submitBuilt(transaction: TypedTransaction, sender: Uint8Array, impersonated: boolean): Promise<Hex> {
    const decoding = decodeNodeBuiltTransaction(transaction, sender, this.rules, impersonated);
    if (!decoding.valid) throw new TransactionRejectedError(decoding.reason);
    return this.inArrivalOrder({ kind: 'decoded', transaction: decoding.value }, (decoded) => this.admitAndJournal(decoded));
  }

  /**
   * Instant mining's intake (see services/dev/miningIntake.ts): validates and admits a raw
   * transaction like {@link submit}, but leaves its journal write and its announcement to
   * {@link settleAdmission}, which the caller runs after the sequencer's step. A tx that step mines
   * is durable in its block, so the journal is only needed for one left in the pool: one commit
   * (one fsync) per mined tx instead of two. It is journaled at once, as by {@link submit}, when
   * its admission replaced or evicted another tx (their journal entries go in the same commit) or
   * when a fleet's log must record it.
   */
  async admitForMining(raw: Uint8Array): Promise<PoolTransaction> {
    // Recovered here, not on the recovery thread: instant mining answers one tx at a time, and the hop would only add to its wait.
    const decoding = decodeRawTransaction(raw, this.rules);
    if (!decoding.valid) throw new TransactionRejectedError(decoding.reason);
    return this.inArrivalOrder({ kind: 'decoded', transaction: decoding.value }, (decoded) => this.admitDeferred(decoded));
  }

  /** {@link admitForMining} for a transaction the node built (see {@link submitBuilt}). */
  async admitBuiltForMining(transaction: TypedTransaction, sender: Uint8Array, impersonated: boolean): Promise<PoolTransaction> {
    const decoding = decodeNodeBuiltTransaction(transaction, sender, this.rules, impersonated);
    if (!decoding.valid) throw new TransactionRejectedError(decoding.reason);
    return this.inArrivalOrder({ kind: 'decoded', transaction: decoding.value }, (decoded) => this.admitDeferred(decoded));
  }

  /** Stops the sender-recovery thread (at shutdown; a submission after it recovers on the main thread). */
  close(): Promise<void> {
    return this.recovery.close();
  }

  /**
   * Runs `admit` (which admits synchronously, then journals) on a checked submission once its sender is
   * known and every submission that arrived before it has been admitted or refused. A typed transaction's
   * signer is recovered on the recovery thread, with the others of its event-loop turn; what arrives while
   * some wait, waits behind them. With nothing waiting, a decoded transaction is admitted at once.
   */
  private inArrivalOrder<T>(checked: CheckedRawTransaction, admit: (decoded: PoolTransaction) => Promise<T>): Promise<T> {
    if (checked.kind === 'decoded' && this.arrivals.isEmpty) return admit(checked.transaction);
    return new Promise<T>((resolve, reject) => {
      const settle = this.arrivals.add((decoding: ValidationOutcome<PoolTransaction>) => {
        if (decoding.valid) admit(decoding.value).then(resolve, reject);
        else reject(new TransactionRejectedError(decoding.reason));
      });
      if (checked.kind === 'decoded') return settle(valid(checked.transaction));
      this.recovery.recover(checked.recovery, (publicKey) => settle(withSigner(checked, publicKey, this.rules)));
    });
  }

  /**
   * Finishes an admission of {@link admitForMining}; must run between sequencer steps, so no block
   * commit that holds the tx is under way. A tx a step mined was announced with its sub-block and
   * needs nothing more; one dropped or removed meanwhile has nothing left to keep; one still in the
   * pool is journaled now, then announced. A failed journal write takes the admission back and
   * rejects, as in {@link submit}: nothing is acknowledged that is not durable.
   */
  async settleAdmission(transaction: PoolTransaction): Promise<void> {
    if (!transaction.awaitsAnnouncement) return;
    transaction.awaitsAnnouncement = false;
    if (this.pool.get(transaction.hash) !== transaction) return;
    const batch = new WriteBatch();
    this.journal.record(batch, transaction);
    try {
      await this.storage.commit(batch);
    } catch (error) {
      this.pool.revert({ transaction, evicted: [] });
      if (!(error instanceof StorageUnavailableError)) this.logger.error('journal write failed; transaction rejected', { hash: transaction.hash, error });
      throw error;
    }
    this.events.emit('pendingTransaction', { hash: transaction.hash, transaction });
  }

  private async admitDeferred(decoded: PoolTransaction): Promise<PoolTransaction> {
    if (this.log !== LOCAL_ONLY_TRANSACTION_LOG) return this.journalAdmission(decoded, this.admitted(decoded));
    const admission = this.admitted(decoded);
    if (admission.replaced || admission.evicted.length > 0) return this.journalAdmission(decoded, admission);
    decoded.awaitsAnnouncement = true;
    return decoded;
  }

  private admitted(decoded: PoolTransaction): Admission {
    const admitted = this.pool.admit(decoded);
    if (!admitted.valid) throw new TransactionRejectedError(admitted.reason);
    return admitted.value;
  }

  private async admitAndJournal(decoded: PoolTransaction): Promise<Hex> {
    return (await this.journalAdmission(decoded, this.admitted(decoded))).hash;
  }

  /** Journals an admitted tx (with the removal of what it replaced or evicted), then announces it. */
  private async journalAdmission(decoded: PoolTransaction, admission: Admission): Promise<PoolTransaction> {
    const batch = new WriteBatch();
    this.journal.record(batch, decoded);
    if (admission.replaced) this.journal.forget(batch, admission.replaced.hash);
    for (const evicted of admission.evicted) this.journal.forget(batch, evicted.hash);
    try {
      await Promise.all([this.storage.commit(batch), this.log.recordAccepted(decoded)]);
    } catch (error) {
      this.pool.revert(admission);
      // The client is told the tx was refused: it must not come back from the journal either.
      const undo = new WriteBatch();
      this.journal.forget(undo, decoded.hash);
      await this.storage.commit(undo).catch(() => {});
      // The storage guard logs a full or failing disk once; anything else is logged here.
      if (!(error instanceof StorageUnavailableError)) this.logger.error('journal or log write failed; transaction rejected', { hash: decoded.hash, error });
      throw error;
    }
    for (const evicted of admission.evicted) this.logger.info('evicted cheapest transaction from full pool', { hash: evicted.hash, for: decoded.hash });
    this.events.emit('pendingTransaction', { hash: decoded.hash, transaction: decoded });
    return decoded;
  }

  /**
   * Admits and journals transactions the fleet's sequencer accepted, in one commit (a follower
   * mirroring its pool, so `pending` nonces and txpool_* agree, and a standby can sequence them
   * after a takeover). One this pool refuses (already known, already executed) is skipped.
   */
  async mirror(raws: readonly Uint8Array[]): Promise<void> {
    const batch = new WriteBatch();
    const admitted: PoolTransaction[] = [];
    for (const raw of raws) {
      const decoding = decodeRawTransaction(raw, this.rules);
      if (!decoding.valid) continue;
      const admission = this.pool.admit(decoding.value);
      if (!admission.valid) continue;
      admitted.push(decoding.value);
      this.journal.record(batch, decoding.value);
      if (admission.value.replaced) this.journal.forget(batch, admission.value.replaced.hash);
      for (const evicted of admission.value.evicted) this.journal.forget(batch, evicted.hash);
    }
    if (batch.isEmpty) return;
    await this.storage.commit(batch);
    for (const transaction of admitted) this.events.emit('pendingTransaction', { hash: transaction.hash, transaction });
  }

  /** Drops txs the fleet's sequencer dropped from its pool (on request, or no longer executable), journal included. */
  async mirrorDropped(hashes: readonly Hex[]): Promise<void> {
    const batch = new WriteBatch();
    const dropped = hashes.filter((hash) => this.pool.get(hash) !== undefined);
    for (const hash of dropped) this.journal.forget(batch, hash);
    if (batch.isEmpty) return;
    await this.storage.commit(batch);
    for (const hash of dropped) this.pool.remove(hash);
  }

  /** Rebuilds the pool from the journal at start-up; txs no longer valid are dropped from it. */
  async restore(): Promise<{ restored: number; dropped: number }> {
    const batch = new WriteBatch();
    let restored = 0;
    let dropped = 0;
    const drop = (hash: Hex, reason: TransactionRejection) => {
      dropped++;
      this.journal.forget(batch, hash);
      this.logger.info('journaled transaction no longer valid; dropped', { hash, reason });
    };
    const decoded: PoolTransaction[] = [];
    for (const { hash, raw, impersonatedSender } of this.journal.load()) {
      const decoding = impersonatedSender ? decodeJournaledImpersonated(raw, impersonatedSender, this.rules) : decodeRawTransaction(raw, this.rules);
      if (decoding.valid) decoded.push(decoding.value);
      else drop(hash, decoding.reason);
    }
    // Lower nonces first, so each tx is checked against the txs it follows.
    decoded.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));
    for (const transaction of decoded) {
      const admitted = this.pool.admit(transaction);
      if (!admitted.valid) {
        drop(transaction.hash, admitted.reason);
        continue;
      }
      restored++;
      // Only when the limits were lowered since the journal was written.
      for (const evicted of admitted.value.evicted) {
        restored--;
        drop(evicted.hash, { kind: 'poolFull' });
      }
    }
    if (!batch.isEmpty) await this.storage.commit(batch);
    return { restored, dropped };
  }
}
