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
  /**
   * Txs of other senders dropped to make room: pending ones when the new tx (with the queued txs
   * it promotes) would pass the global slots, one queued tx when it would pass the global queue.
   */
  evicted: PoolTransaction[];
}

/** Pool occupancy: executable (pending) and future-nonce (queued) transactions. */
export interface PoolStatus {
  pending: number;
  queued: number;
}

/** A sender's position as the pool last learnt it: state nonce, and how many of its txs follow it without a gap. */
interface SenderRun {
  stateNonce: bigint;
  pending: number;
}

/**
 * The transaction pool, with geth's rules (core/txpool/legacypool).
 *
 * Per sender it keeps txs by nonce. A sender's pending (executable) txs are the run of
 * consecutive nonces from its state nonce in the pre-confirmed state; the rest are queued. Txs
 * selected for the sub-block being built are "in flight": their nonce is taken, so they can no
 * longer be replaced or evicted.
 *
 * Limits (geth's names): at most `globalSlots` pending and `globalQueue` queued txs in all, and
 * `accountQueue` queued txs per sender. A tx that would pass the slots (with the queued txs it
 * promotes by filling a gap) evicts the last pending tx of other senders — of senders holding
 * more than `accountSlots` pending first, cheapest tip first; one that would pass the queue
 * evicts the last queued tx of another sender, cheapest first. A future tx never displaces a
 * pending one. When the candidates tip at least as much as the new tx it is refused
 * (`transaction underpriced`); with no candidate at all, `txpool is full`.
 *
 * The pool keeps each sender's run ({@link SenderRun}) as of the state it was last told about:
 * callers report every change of a sender's nonce with {@link pruneStale} (the sequencer does
 * after each durable sub-block), so limit checks cost no state reads.
 *
 * The pool only decides; persistence (the journal) is the caller's, so admission and journal
 * write can be committed together before the client hears the hash.
 */
export class TxPool {
  private readonly byHash = new Map<Hex, PoolTransaction>();
  private readonly bySender = new Map<string, Map<bigint, PoolTransaction>>();
  private readonly runs = new Map<string, SenderRun>();
  private pendingTotal = 0;
  private readonly inFlight = new Set<Hex>();
  /** OP Stack deposits, in arrival order: they run before any other transaction of a block, outside the fee order. */
  private readonly deposits = new Map<Hex, PoolTransaction>();

  constructor(
    private readonly state: StateReader,
    private readonly limits: TxPoolLimits,
  ) {}

  get size(): number {
    return this.byHash.size + this.deposits.size;
  }

  get(hash: string): PoolTransaction | undefined {
    const key = hash.toLowerCase() as Hex;
    return this.byHash.get(key) ?? this.deposits.get(key);
  }

  /** The waiting OP Stack deposits, oldest first (they leave the pool when their sub-block is published, like any tx). */
  waitingDeposits(): PoolTransaction[] {
    return [...this.deposits.values()];
  }

  /**
   * Stateful admission of a decoded transaction: duplicate, nonce, sender, replacement,
   * balance and limit checks against the pre-confirmed state. Valid: the tx is now in the pool
   * (and what it replaced or evicted is out); invalid: the pool is unchanged and the outcome
   * says why.
   */
  admit(transaction: PoolTransaction): ValidationOutcome<Admission> {
    if (this.byHash.has(transaction.hash) || this.deposits.has(transaction.hash)) return invalid({ kind: 'alreadyKnown' });
    if (transaction.deposit) {
      this.deposits.set(transaction.hash, transaction);
      return valid({ transaction, evicted: [] });
    }
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

    if (existing) {
      // Same sender and nonce: the counts do not change, so no limit can be passed.
      this.remove(existing.hash);
      this.insert(transaction);
      return valid({ transaction, replaced: existing, evicted: [] });
    }

    // Pending or queued as the pool counts them: from the state nonce it last learnt (see pruneStale).
    const knownNonce = this.runs.get(transaction.sender)?.stateNonce ?? stateNonce;
    const firstGap = this.nextNonce(transaction.sender, knownNonce);
    const evictions = transaction.nonce === firstGap ? this.roomInPending(transaction, senderTxs) : this.roomInQueue(transaction, knownNonce);
    if (!evictions.valid) return evictions;
    for (const victim of evictions.value) this.remove(victim.hash);
    this.insert(transaction);
    return valid({ transaction, evicted: evictions.value });
  }

  /**
   * Takes back an admission whose journal write failed (storage refused it): the tx leaves the
   * pool, and what it replaced or evicted comes back where its place is still free and the
   * limits allow. Those are still in the journal (the failed write changed nothing), so the pool
   * and the journal agree again.
   */
  revert(admission: Admission): void {
    if (this.byHash.get(admission.transaction.hash) === admission.transaction || this.deposits.get(admission.transaction.hash) === admission.transaction)
      this.remove(admission.transaction.hash);
    for (const transaction of [...(admission.replaced ? [admission.replaced] : []), ...admission.evicted]) {
      if (this.byHash.has(transaction.hash) || this.bySender.get(transaction.sender)?.has(transaction.nonce)) continue;
      this.insert(transaction);
      const status = this.status();
      if (status.pending > this.limits.globalSlots || status.queued > this.limits.globalQueue) this.remove(transaction.hash);
    }
  }

  /** Removes a tx (included, replaced, evicted or failed). */
  remove(hash: Hex): PoolTransaction | undefined {
    const deposit = this.deposits.get(hash);
    if (deposit) {
      this.deposits.delete(hash);
      return deposit;
    }
    const transaction = this.byHash.get(hash);
    if (!transaction) return undefined;
    this.byHash.delete(hash);
    this.inFlight.delete(hash);
    const senderTxs = this.bySender.get(transaction.sender);
    senderTxs?.delete(transaction.nonce);
    if (senderTxs && senderTxs.size === 0) this.bySender.delete(transaction.sender);
    this.recount(transaction.sender, this.runs.get(transaction.sender)?.stateNonce);
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

  /**
   * Learns the senders' current state nonces (call it for every sender whose nonce changed):
   * drops their txs whose nonce the state has passed and returns them (for the journal).
   */
  pruneStale(senders: Iterable<string>): PoolTransaction[] {
    const stale: PoolTransaction[] = [];
    for (const sender of senders) {
      const senderTxs = this.bySender.get(sender);
      if (!senderTxs) continue;
      const stateNonce = this.state.account(sender)?.nonce ?? 0n;
      const senderStale = [...senderTxs.values()].filter((transaction) => transaction.nonce < stateNonce);
      for (const transaction of senderStale) this.remove(transaction.hash);
      this.recount(sender, stateNonce);
      stale.push(...senderStale);
    }
    return stale;
  }

  /** Pending and queued counts, as of the state nonces the pool was last told (see {@link pruneStale}). */
  status(): PoolStatus {
    return { pending: this.pendingTotal, queued: this.byHash.size - this.pendingTotal };
  }

  /** Every pooled tx grouped by sender and nonce (for txpool_* and tests). */
  contents(): Map<string, Map<bigint, PoolTransaction>> {
    return this.bySender;
  }

  /** Checks the pool's internal consistency and its limits; tests call it after every mutation. */
  assertInvariants(): void {
    let counted = 0;
    let pending = 0;
    for (const [sender, senderTxs] of this.bySender) {
      if (senderTxs.size === 0) throw new Error(`empty sender entry ${sender}`);
      for (const [nonce, transaction] of senderTxs) {
        counted++;
        if (transaction.sender !== sender || transaction.nonce !== nonce) throw new Error(`misfiled tx ${transaction.hash}`);
        if (this.byHash.get(transaction.hash) !== transaction) throw new Error(`tx ${transaction.hash} missing from hash index`);
      }
      const run = this.runs.get(sender);
      if (!run) throw new Error(`sender ${sender} has no run`);
      const expected = Number(this.nextNonce(sender, run.stateNonce) - run.stateNonce);
      if (run.pending !== expected) throw new Error(`sender ${sender} counted ${run.pending} pending, holds ${expected}`);
      pending += run.pending;
    }
    if (counted !== this.byHash.size) throw new Error(`hash index has ${this.byHash.size} txs, sender index ${counted}`);
    if (this.runs.size !== this.bySender.size) throw new Error(`${this.runs.size} runs for ${this.bySender.size} senders`);
    if (pending !== this.pendingTotal) throw new Error(`pending total ${this.pendingTotal}, senders hold ${pending}`);
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
    this.recount(transaction.sender, this.runs.get(transaction.sender)?.stateNonce);
  }

  /** Recomputes a sender's pending run from `stateNonce` (read from the state when the pool has none for it). */
  private recount(sender: string, stateNonce: bigint | undefined): void {
    const before = this.runs.get(sender)?.pending ?? 0;
    if (!this.bySender.has(sender)) {
      this.runs.delete(sender);
      this.pendingTotal -= before;
      return;
    }
    const nonce = stateNonce ?? this.state.account(sender)?.nonce ?? 0n;
    const pending = Number(this.nextNonce(sender, nonce) - nonce);
    this.runs.set(sender, { stateNonce: nonce, pending });
    this.pendingTotal += pending - before;
  }

  /** geth's replacement rule: both the fee cap and the tip must rise by at least priceBump percent. */
  private outbids(replacement: PoolTransaction, existing: PoolTransaction): boolean {
    const bump = BigInt(100 + this.limits.priceBump);
    return replacement.feeCap * 100n >= existing.feeCap * bump && replacement.tip * 100n >= existing.tip * bump;
  }

  /**
   * Room for a tx that will be pending: it and the queued txs right behind it (the gap it fills)
   * join the pending txs. Past `globalSlots`, the pending txs to evict for it; past both limits
   * together, queued txs too; or why not.
   */
  private roomInPending(transaction: PoolTransaction, senderTxs: Map<bigint, PoolTransaction> | undefined): ValidationOutcome<PoolTransaction[]> {
    const pendingVictims = this.pendingVictims(transaction, senderTxs);
    if (!pendingVictims.valid) return pendingVictims;
    // A removal mid-run (a drop, a failed execution) demotes the sender's later txs to the queue,
    // which can pass `globalQueue` that way; the pool as a whole still holds no more than both
    // limits together, so such an admission also evicts queued txs.
    const overCapacity = this.byHash.size + 1 - pendingVictims.value.length - (this.limits.globalSlots + this.limits.globalQueue);
    if (overCapacity <= 0) return pendingVictims;
    const queuedVictims: PoolTransaction[] = [];
    const taken = new Set<Hex>();
    while (queuedVictims.length < overCapacity) {
      const victim = this.queuedVictimFor(transaction, taken);
      if (!victim.valid) return victim;
      queuedVictims.push(victim.value);
      taken.add(victim.value.hash);
    }
    return valid([...pendingVictims.value, ...queuedVictims]);
  }

  /** Past `globalSlots` with `transaction` and the txs it promotes, the pending txs of other senders to evict, or why not. */
  private pendingVictims(transaction: PoolTransaction, senderTxs: Map<bigint, PoolTransaction> | undefined): ValidationOutcome<PoolTransaction[]> {
    let promoted = 0;
    while (senderTxs?.has(transaction.nonce + 1n + BigInt(promoted))) promoted++;
    const excess = this.pendingTotal + 1 + promoted - this.limits.globalSlots;
    if (excess <= 0) return valid([]);
    // Each step takes the last pending tx of a sender: crowded senders (more than accountSlots
    // pending) first, the cheapest tip among them; the sender's next-to-last tx is its new tail.
    const remaining = new Map<string, number>();
    for (const [sender, run] of this.runs) if (sender !== transaction.sender && run.pending > 0) remaining.set(sender, run.pending);
    const victims: PoolTransaction[] = [];
    while (victims.length < excess) {
      const tails = [...remaining].map(([sender, pending]) => ({ sender, pending, tail: this.pendingTail(sender, pending) }));
      const evictable = tails.filter(({ tail }) => !this.inFlight.has(tail.hash));
      const crowded = evictable.filter(({ pending }) => pending > this.limits.accountSlots);
      const cheapest = lowestTip(crowded.length > 0 ? crowded : evictable);
      if (!cheapest) return invalid({ kind: 'poolFull' });
      if (cheapest.tail.tip >= transaction.tip) return invalid({ kind: 'underpricedForFullPool', tip: transaction.tip, cheapestTip: cheapest.tail.tip });
      victims.push(cheapest.tail);
      if (cheapest.pending > 1) remaining.set(cheapest.sender, cheapest.pending - 1);
      else remaining.delete(cheapest.sender);
    }
    return valid(victims);
  }

  /**
   * Room for a future-nonce tx: within the sender's `accountQueue`, and past `globalQueue` the
   * queued tx to evict for it (another sender's last, the cheapest), or why not.
   */
  private roomInQueue(transaction: PoolTransaction, stateNonce: bigint): ValidationOutcome<PoolTransaction[]> {
    const ownQueued = (this.bySender.get(transaction.sender)?.size ?? 0) - Number(this.nextNonce(transaction.sender, stateNonce) - stateNonce);
    if (ownQueued >= this.limits.accountQueue) return invalid({ kind: 'accountLimitExceeded', limit: this.limits.accountQueue });
    if (this.status().queued < this.limits.globalQueue) return valid([]);
    const victim = this.queuedVictimFor(transaction, new Set());
    return victim.valid ? valid([victim.value]) : victim;
  }

  /** The queued tx to evict for `transaction` (the cheapest tail not in `taken`), or why none may go. */
  private queuedVictimFor(transaction: PoolTransaction, taken: ReadonlySet<Hex>): ValidationOutcome<PoolTransaction> {
    const cheapest = this.cheapestQueuedTail(transaction.sender, taken);
    if (!cheapest) return invalid({ kind: 'poolFull' });
    if (cheapest.tip >= transaction.tip) return invalid({ kind: 'underpricedForFullPool', tip: transaction.tip, cheapestTip: cheapest.tip });
    return valid(cheapest);
  }

  /**
   * The cheapest of the other senders' last queued txs (not counting those in `taken`, already
   * picked as victims), or undefined. A sender's last tx goes first, so evicting it leaves no gap.
   */
  private cheapestQueuedTail(exceptSender: string, taken: ReadonlySet<Hex>): PoolTransaction | undefined {
    let cheapest: PoolTransaction | undefined;
    for (const [sender, senderTxs] of this.bySender) {
      if (sender === exceptSender) continue;
      let left = 0;
      let last: PoolTransaction | undefined;
      for (const candidate of senderTxs.values()) {
        if (taken.has(candidate.hash)) continue;
        left++;
        if (!last || candidate.nonce > last.nonce) last = candidate;
      }
      if (left <= (this.runs.get(sender)?.pending ?? 0)) continue;
      // A queued tx can be in flight when its predecessor left the pool mid-step; the step may still include it.
      if (last && !this.inFlight.has(last.hash) && (!cheapest || last.tip < cheapest.tip)) cheapest = last;
    }
    return cheapest;
  }

  /** The last tx of a sender's first `pending` txs from its known state nonce. */
  private pendingTail(sender: string, pending: number): PoolTransaction {
    const run = this.runs.get(sender)!;
    return this.bySender.get(sender)!.get(run.stateNonce + BigInt(pending - 1))!;
  }
}

function lowestTip<T extends { tail: PoolTransaction }>(candidates: T[]): T | undefined {
  let lowest: T | undefined;
  for (const candidate of candidates) if (!lowest || candidate.tail.tip < lowest.tail.tip) lowest = candidate;
  return lowest;
}
