import type { TxPoolLimits } from '../config/nodeConfig.js';
import type { StateReader } from '../execution/StateReader.js';
import type { Hex } from '../primitives/hex.js';
import { MaxHeap } from './MaxHeap.js';
import { effectiveTip, type PoolTransaction } from './PoolTransaction.js';
import { invalid, type ValidationOutcome, valid } from './ValidationOutcome.js';

/** What the pool decided about a transaction it was asked to add. */
export interface Admission {
  transaction: PoolTransaction;
  /** A lower-priced tx with the same sender and nonce that this one replaced. */
  replaced?: PoolTransaction;
  /** A tx of another sender dropped to make room in a full pool. */
  evicted?: PoolTransaction;
}

/** Pool occupancy: executable (pending) and future-nonce (queued) transactions. */
export interface PoolStatus {
  pending: number;
  queued: number;
}

/**
 * The transaction pool, with geth's rules (core/txpool/legacypool).
 *
 * Per sender it keeps txs by nonce. Whether a tx is pending (executable) or queued is derived,
 * not stored: pending = the run of consecutive nonces starting at the sender's nonce in the
 * pre-confirmed state. Txs selected for the sub-block being built are "in flight": their nonce
 * is taken, so they can no longer be replaced.
 *
 * The pool only decides; persistence (the journal) is the caller's, so admission and journal
 * write can be committed together before the client hears the hash.
 */
export class TxPool {
  private readonly byHash = new Map<Hex, PoolTransaction>();
  private readonly bySender = new Map<string, Map<bigint, PoolTransaction>>();
  private readonly inFlight = new Set<Hex>();

  constructor(
    private readonly state: StateReader,
    private readonly limits: TxPoolLimits,
  ) {}

  get size(): number {
    return this.byHash.size;
  }

  get(hash: string): PoolTransaction | undefined {
    return this.byHash.get(hash.toLowerCase() as Hex);
  }

  /**
   * Stateful admission of a decoded transaction: duplicate, nonce, sender, replacement,
   * balance and limit checks against the pre-confirmed state. Valid: the tx is now in the pool
   * (and what it replaced or evicted is out); invalid: the pool is unchanged and the outcome
   * says why.
   */
  admit(transaction: PoolTransaction): ValidationOutcome<Admission> {
    if (this.byHash.has(transaction.hash)) return invalid({ kind: 'alreadyKnown' });
    const account = this.state.account(transaction.sender);
    const stateNonce = account?.nonce ?? 0n;
    if (transaction.nonce < stateNonce) return invalid({ kind: 'nonceTooLow', next: stateNonce, got: transaction.nonce });
    const senderTxs = this.bySender.get(transaction.sender);
    const existing = senderTxs?.get(transaction.nonce);
    if (existing) {
      // Already picked for the sub-block being built: its nonce is as good as used.
      if (this.inFlight.has(existing.hash)) return invalid({ kind: 'nonceTooLow', next: transaction.nonce + 1n, got: transaction.nonce });
      if (!this.outbids(transaction, existing)) return invalid({ kind: 'replacementUnderpriced' });
    }

    const balance = account?.balance ?? 0n;
    // geth's total expenditure: every other pooled tx of the sender, queued ones and later nonces
    // too, so filling a gap or a costlier replacement cannot leave txs already pooled unpayable.
    let committed = 0n;
    if (senderTxs) for (const [nonce, other] of senderTxs) if (nonce !== transaction.nonce) committed += other.cost;
    if (balance < committed + transaction.cost) return invalid({ kind: 'insufficientFunds', balance, cost: committed + transaction.cost });

    const isFuture = transaction.nonce > this.nextNonce(transaction.sender, stateNonce);
    if (isFuture && !existing && this.queuedCountOf(transaction.sender, stateNonce) >= this.limits.accountQueue) {
      return invalid({ kind: 'accountLimitExceeded', limit: this.limits.accountQueue });
    }

    let evicted: PoolTransaction | undefined;
    if (!existing && this.byHash.size >= this.limits.globalSlots + this.limits.globalQueue) {
      evicted = this.cheapestEvictable(transaction.sender);
      if (!evicted) return invalid({ kind: 'poolFull' });
      if (evicted.tip >= transaction.tip) return invalid({ kind: 'underpricedForFullPool', tip: transaction.tip, cheapestTip: evicted.tip });
      this.remove(evicted.hash);
    }

    if (existing) this.remove(existing.hash);
    this.insert(transaction);
    return valid({ transaction, ...(existing ? { replaced: existing } : {}), ...(evicted ? { evicted } : {}) });
  }

  /** Removes a tx (included, replaced, evicted or failed). */
  remove(hash: Hex): PoolTransaction | undefined {
    const transaction = this.byHash.get(hash);
    if (!transaction) return undefined;
    this.byHash.delete(hash);
    this.inFlight.delete(hash);
    const senderTxs = this.bySender.get(transaction.sender);
    senderTxs?.delete(transaction.nonce);
    if (senderTxs && senderTxs.size === 0) this.bySender.delete(transaction.sender);
    return transaction;
  }

  /**
   * The nonce a sender's next tx should use: its pre-confirmed nonce, raised past its
   * consecutive pool txs (what eth_getTransactionCount "pending" answers).
   */
  nextNonce(sender: string, stateNonce: bigint = this.state.account(sender)?.nonce ?? 0n): bigint {
    const senderTxs = this.bySender.get(sender);
    let nonce = stateNonce;
    if (senderTxs) while (senderTxs.has(nonce)) nonce++;
    return nonce;
  }

  /**
   * Picks txs for the next sub-block: each sender's executable run in nonce order, senders
   * interleaved by effective tip at `baseFee` (highest first), skipping txs whose fee cap is
   * below the base fee. `accept` executes a candidate and says whether to keep going with that
   * sender; it may stop early by returning 'stop'. Chosen txs are marked in flight.
   */
  async select(baseFee: bigint, accept: (transaction: PoolTransaction) => Promise<'next' | 'skipSender' | 'stop'>): Promise<void> {
    interface Head {
      transaction: PoolTransaction;
      tip: bigint;
    }
    const heap = new MaxHeap<Head>((a, b) => a.tip > b.tip || (a.tip === b.tip && a.transaction.hash < b.transaction.hash));
    for (const [sender, senderTxs] of this.bySender) {
      const first = senderTxs.get(this.state.account(sender)?.nonce ?? 0n);
      if (first && first.feeCap >= baseFee && !this.inFlight.has(first.hash)) heap.push({ transaction: first, tip: effectiveTip(first, baseFee) });
    }
    for (let head = heap.pop(); head; head = heap.pop()) {
      const { transaction } = head;
      this.inFlight.add(transaction.hash);
      const verdict = await accept(transaction);
      if (verdict === 'stop') {
        this.inFlight.delete(transaction.hash);
        return;
      }
      if (verdict === 'skipSender') continue;
      const next = this.bySender.get(transaction.sender)?.get(transaction.nonce + 1n);
      if (next && next.feeCap >= baseFee && !this.inFlight.has(next.hash)) heap.push({ transaction: next, tip: effectiveTip(next, baseFee) });
    }
  }

  /** True while the sequencer is executing the tx for the sub-block it builds (it can no longer be dropped or replaced). */
  isInFlight(hash: Hex): boolean {
    return this.inFlight.has(hash);
  }

  /** Releases in-flight marks of txs that were not pre-confirmed (the sub-block failed). */
  releaseInFlight(): void {
    this.inFlight.clear();
  }

  /** Drops txs whose nonce the pre-confirmed state has passed; returns them (for the journal). */
  pruneStale(senders: Iterable<string>): PoolTransaction[] {
    const stale: PoolTransaction[] = [];
    for (const sender of senders) {
      const senderTxs = this.bySender.get(sender);
      if (!senderTxs) continue;
      const stateNonce = this.state.account(sender)?.nonce ?? 0n;
      for (const [nonce, transaction] of senderTxs) if (nonce < stateNonce) stale.push(transaction);
    }
    for (const transaction of stale) this.remove(transaction.hash);
    return stale;
  }

  status(): PoolStatus {
    let pending = 0;
    for (const sender of this.bySender.keys()) {
      const stateNonce = this.state.account(sender)?.nonce ?? 0n;
      pending += Number(this.nextNonce(sender, stateNonce) - stateNonce);
    }
    return { pending, queued: this.byHash.size - pending };
  }

  /** Every pooled tx grouped by sender and nonce (for txpool_* and tests). */
  contents(): Map<string, Map<bigint, PoolTransaction>> {
    return this.bySender;
  }

  /** Checks the pool's internal consistency; tests call it after every mutation. */
  assertInvariants(): void {
    let counted = 0;
    for (const [sender, senderTxs] of this.bySender) {
      if (senderTxs.size === 0) throw new Error(`empty sender entry ${sender}`);
      for (const [nonce, transaction] of senderTxs) {
        counted++;
        if (transaction.sender !== sender || transaction.nonce !== nonce) throw new Error(`misfiled tx ${transaction.hash}`);
        if (this.byHash.get(transaction.hash) !== transaction) throw new Error(`tx ${transaction.hash} missing from hash index`);
      }
    }
    if (counted !== this.byHash.size) throw new Error(`hash index has ${this.byHash.size} txs, sender index ${counted}`);
    for (const hash of this.inFlight) if (!this.byHash.has(hash)) throw new Error(`in-flight tx ${hash} not in pool`);
  }

  private insert(transaction: PoolTransaction): void {
    this.byHash.set(transaction.hash, transaction);
    let senderTxs = this.bySender.get(transaction.sender);
    if (!senderTxs) {
      senderTxs = new Map();
      this.bySender.set(transaction.sender, senderTxs);
    }
    senderTxs.set(transaction.nonce, transaction);
  }

  /** geth's replacement rule: both the fee cap and the tip must rise by at least priceBump percent. */
  private outbids(replacement: PoolTransaction, existing: PoolTransaction): boolean {
    const bump = BigInt(100 + this.limits.priceBump);
    return replacement.feeCap * 100n >= existing.feeCap * bump && replacement.tip * 100n >= existing.tip * bump;
  }

  private queuedCountOf(sender: string, stateNonce: bigint): number {
    const senderTxs = this.bySender.get(sender);
    if (!senderTxs) return 0;
    return senderTxs.size - Number(this.nextNonce(sender, stateNonce) - stateNonce);
  }

  /**
   * The lowest-tipped tx that can go without stranding others: the highest-nonce tx of some
   * other sender, never one in flight. Senders holding more than accountSlots txs go first,
   * so every account keeps its guaranteed slots (geth's rule).
   */
  private cheapestEvictable(exceptSender: string): PoolTransaction | undefined {
    const crowded = [...this.bySender].filter(([sender, txs]) => sender !== exceptSender && txs.size > this.limits.accountSlots);
    const candidates = crowded.length > 0 ? crowded : [...this.bySender].filter(([sender]) => sender !== exceptSender);
    let cheapest: PoolTransaction | undefined;
    for (const [, senderTxs] of candidates) {
      let last: PoolTransaction | undefined;
      for (const transaction of senderTxs.values()) if (!last || transaction.nonce > last.nonce) last = transaction;
      if (last && !this.inFlight.has(last.hash) && (!cheapest || last.tip < cheapest.tip)) cheapest = last;
    }
    return cheapest;
  }
}
