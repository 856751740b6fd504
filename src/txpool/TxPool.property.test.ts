import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TransactionRejectedError } from '../errors/TransactionRejectedError.js';
import type { Hex } from '../primitives/hex.js';
import { ErrorCodes } from '../rpc/errors/errorCodes.js';
import { TxErrorMessage } from '../rpc/errors/TxErrorMessage.js';
import { MemoryStateReader } from '../testing/MemoryStateReader.js';
import { onTheWire } from '../testing/onTheWire.js';
import { GWEI, signPoolTx, TRANSFER_GAS, testPoolLimits, testSigner } from '../testing/signedTransactions.js';
import type { PoolTransaction } from './PoolTransaction.js';
import { TxPool } from './TxPool.js';

/**
 * Random sequences of admit / remove / select / state-nonce bumps over a few senders, checked
 * against a model of which txs the pool holds: after every step the pool's indexes agree
 * (assertInvariants), it holds exactly the model's txs, nextNonce(sender) is the state nonce
 * plus the length of the consecutive run the model holds from there, and each sender's balance
 * covers all its pooled txs together. A second property drives the pool as the node does
 * (admissions, replacements, gap fills, pre-confirmation, evictions) and checks that the global
 * slots, the global queue and the account queue hold after every step.
 */

const SENDERS = [testSigner(10), testSigner(11), testSigner(12)];
/** Nonces signed per sender; commands pick one relative to the sender's state nonce. */
const NONCES = 24;
/** Price levels: 1 → 0 is a +5% bump (underpriced), 2 → 0 and 3 → 2 are ≥ +10% (replaces). */
const LEVELS = [
  { feeCap: 10n * GWEI, tip: GWEI },
  { feeCap: (105n * GWEI) / 10n, tip: (105n * GWEI) / 100n },
  { feeCap: 12n * GWEI, tip: (12n * GWEI) / 10n },
  { feeCap: 15n * GWEI, tip: (15n * GWEI) / 10n },
];
const BASE_FEES = [0n, 10n * GWEI, 11n * GWEI, 14n * GWEI];
const LIMITS = testPoolLimits({ globalSlots: 6, globalQueue: 3, accountQueue: 2 });
/** Sender 1 can afford about three txs, so balance rejections happen too. */
const BALANCES = [10n ** 24n, 3n * TRANSFER_GAS * LEVELS[3]!.feeCap, 10n ** 24n];
const KNOWN_REJECTIONS = [
  TxErrorMessage.nonceTooLow,
  TxErrorMessage.alreadyKnown,
  TxErrorMessage.replacementUnderpriced,
  TxErrorMessage.insufficientFunds,
  TxErrorMessage.accountLimitExceeded,
  TxErrorMessage.underpriced,
  TxErrorMessage.txPoolOverflow,
];

type Verdict = 'next' | 'skipSender' | 'stop';
type Command =
  | { kind: 'admit'; sender: number; nonceOffset: number; level: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'select'; baseFee: bigint; verdicts: Verdict[]; settle: 'include' | 'release' | 'keep' }
  | { kind: 'bumpNonce'; sender: number; by: number };

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('admit' as const),
      sender: fc.nat(SENDERS.length - 1),
      // Mostly the next nonce or just past it; -1 is stale, larger offsets open gaps.
      nonceOffset: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 1 }) }, { weight: 1, arbitrary: fc.integer({ min: -1, max: 4 }) }),
      level: fc.nat(LEVELS.length - 1),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('select' as const),
      baseFee: fc.constantFrom(...BASE_FEES),
      verdicts: fc.array(fc.constantFrom<Verdict>('next', 'next', 'next', 'skipSender', 'stop'), { maxLength: 8 }),
      settle: fc.constantFrom('include' as const, 'release' as const, 'keep' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bumpNonce' as const),
      sender: fc.nat(SENDERS.length - 1),
      by: fc.integer({ min: 1, max: 2 }),
    }),
  },
);

/** grid[sender][nonce][level]: every tx the commands can submit, signed once. */
let grid: PoolTransaction[][][] = [];
beforeAll(async () => {
  grid = await Promise.all(
    SENDERS.map((signer) =>
      Promise.all(Array.from({ length: NONCES }, (_, nonce) => Promise.all(LEVELS.map((level) => signPoolTx(signer, { nonce, ...level }))))),
    ),
  );
});

/** The pool under test, its state, and the model of what it should hold. */
class Harness {
  readonly state = new MemoryStateReader();
  readonly pool = new TxPool(this.state, LIMITS);
  /** The txs the pool should hold. */
  readonly model = new Map<Hex, PoolTransaction>();
  /** The txs the pool should consider in flight. */
  readonly inFlight = new Set<Hex>();

  constructor() {
    for (const [index, signer] of SENDERS.entries()) this.state.set(signer.key, { nonce: 0n, balance: BALANCES[index]! });
  }

  async run(command: Command): Promise<void> {
    switch (command.kind) {
      case 'admit': {
        // Wraps past the signed range (to a stale nonce) once a sender's state nonce nears it.
        const nonce = (Number(this.state.nonce(SENDERS[command.sender]!.key)) + command.nonceOffset + NONCES) % NONCES;
        return this.admit(grid[command.sender]![nonce]![command.level]!);
      }
      case 'remove':
        return this.remove(command.pick);
      case 'select':
        return this.select(command.baseFee, command.verdicts, command.settle);
      case 'bumpNonce': {
        const { key } = SENDERS[command.sender]!;
        // The pool learns every nonce change through pruneStale (the sequencer's contract with it).
        this.state.set(key, { nonce: this.state.nonce(key) + BigInt(command.by) });
        this.prune([key]);
        return;
      }
    }
  }

  private admit(transaction: PoolTransaction): void {
    const sameNonce = [...this.model.values()].find((other) => other.sender === transaction.sender && other.nonce === transaction.nonce);
    const outcome = this.pool.admit(transaction);
    if (outcome.valid) {
      const admission = outcome.value;
      expect(admission.transaction).toBe(transaction);
      expect(admission.replaced).toBe(sameNonce && sameNonce !== transaction ? sameNonce : undefined);
      if (sameNonce) expect(this.inFlight.has(sameNonce.hash)).toBe(false);
      if (admission.replaced) this.forget(admission.replaced.hash);
      for (const evicted of admission.evicted) {
        expect(evicted.sender).not.toBe(transaction.sender);
        expect(this.inFlight.has(evicted.hash)).toBe(false);
        expect(this.model.get(evicted.hash)).toBe(evicted);
        this.forget(evicted.hash);
      }
      this.model.set(transaction.hash, transaction);
    } else {
      // As the client sees the refusal: -32000 with one of geth's pool messages.
      const { code, message } = onTheWire(new TransactionRejectedError(outcome.reason));
      expect(code).toBe(ErrorCodes.server.code);
      expect(
        KNOWN_REJECTIONS.some((known) => message.startsWith(known)),
        message,
      ).toBe(true);
      if (this.model.has(transaction.hash)) expect(message).toBe(TxErrorMessage.alreadyKnown);
      else if (sameNonce && this.inFlight.has(sameNonce.hash)) expect(message).toMatch(/^nonce too low/);
    }
  }

  private remove(pick: number): void {
    const hashes = [...this.model.keys()];
    if (hashes.length === 0) {
      expect(this.pool.remove('0x00')).toBeUndefined();
      return;
    }
    const hash = hashes[pick % hashes.length]!;
    expect(this.pool.remove(hash)).toBe(this.model.get(hash));
    this.forget(hash);
  }

  private async select(baseFee: bigint, verdicts: Verdict[], settle: 'include' | 'release' | 'keep'): Promise<void> {
    const offered: Array<{ transaction: PoolTransaction; verdict: Verdict }> = [];
    const inFlightBefore = new Set(this.inFlight);
    await this.pool.select(baseFee, async (transaction) => {
      const verdict = verdicts[offered.length] ?? 'next';
      offered.push({ transaction, verdict });
      return verdict;
    });

    // What was offered: pooled, includable at the base fee, not already in flight; per sender the
    // consecutive nonces from the state nonce, until a skipSender; nothing after a stop.
    const nextExpected = new Map<string, bigint>();
    const skipped = new Set<string>();
    for (const [index, { transaction, verdict }] of offered.entries()) {
      expect(this.model.get(transaction.hash)).toBe(transaction);
      expect(transaction.feeCap).toBeGreaterThanOrEqual(baseFee);
      expect(inFlightBefore.has(transaction.hash)).toBe(false);
      expect(skipped.has(transaction.sender)).toBe(false);
      expect(transaction.nonce).toBe(nextExpected.get(transaction.sender) ?? this.state.nonce(transaction.sender));
      nextExpected.set(transaction.sender, transaction.nonce + 1n);
      if (verdict === 'skipSender') skipped.add(transaction.sender);
      if (verdict === 'stop') expect(index).toBe(offered.length - 1);
      else this.inFlight.add(transaction.hash);
    }

    if (settle === 'keep') return;
    if (settle === 'include') {
      // As the sequencer: the accepted txs are pre-confirmed (state nonce past them), then removed.
      const included = offered.filter(({ verdict }) => verdict === 'next').map(({ transaction }) => transaction);
      for (const transaction of included) this.state.set(transaction.sender, { nonce: transaction.nonce + 1n });
      for (const transaction of included) {
        expect(this.pool.remove(transaction.hash)).toBe(transaction);
        this.forget(transaction.hash);
      }
      this.pool.releaseInFlight();
      this.inFlight.clear();
      this.prune(new Set(included.map((transaction) => transaction.sender)));
      return;
    }
    this.pool.releaseInFlight();
    this.inFlight.clear();
  }

  private prune(senders: Iterable<string>): void {
    const senderSet = new Set(senders);
    const stale = [...this.model.values()].filter(
      (transaction) => senderSet.has(transaction.sender) && transaction.nonce < this.state.nonce(transaction.sender),
    );
    const pruned = this.pool.pruneStale(senderSet);
    expect(new Set(pruned)).toEqual(new Set(stale));
    for (const transaction of pruned) this.forget(transaction.hash);
  }

  private forget(hash: Hex): void {
    this.model.delete(hash);
    this.inFlight.delete(hash);
  }

  /** The pool agrees with itself and with the model. */
  check(): void {
    this.pool.assertInvariants();
    expect(this.pool.size).toBe(this.model.size);
    expect(this.pool.size).toBeLessThanOrEqual(LIMITS.globalSlots + LIMITS.globalQueue);
    for (const transaction of this.model.values()) expect(this.pool.get(transaction.hash)).toBe(transaction);
    let pending = 0;
    for (const { key } of SENDERS) {
      const stateNonce = this.state.nonce(key);
      const senderTxs = [...this.model.values()].filter((transaction) => transaction.sender === key);
      // Whatever the admission order, the sender can pay for all its pooled txs together.
      expect(senderTxs.reduce((sum, transaction) => sum + transaction.cost, 0n)).toBeLessThanOrEqual(this.state.account(key)!.balance);
      const nonces = new Set(senderTxs.map((transaction) => transaction.nonce));
      let run = 0;
      while (nonces.has(stateNonce + BigInt(run))) run++;
      expect(this.pool.nextNonce(key)).toBe(stateNonce + BigInt(run));
      pending += run;
    }
    expect(this.pool.status()).toEqual({ pending, queued: this.model.size - pending });
  }
}

describe('TxPool (property)', () => {
  it('keeps its invariants and nextNonce = state nonce + consecutive run, whatever the sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { maxLength: 60, size: 'max' }), async (commands) => {
        const harness = new Harness();
        harness.check();
        for (const command of commands) {
          await harness.run(command);
          harness.check();
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('TxPool limits (property)', () => {
  const LIMIT_SENDERS = [testSigner(20), testSigner(21), testSigner(22), testSigner(23), testSigner(24)];
  const LIMIT_NONCES = 10;
  const TIGHT = testPoolLimits({ globalSlots: 5, globalQueue: 3, accountSlots: 1, accountQueue: 2 });
  let txs: PoolTransaction[][][] = [];
  beforeAll(async () => {
    txs = await Promise.all(
      LIMIT_SENDERS.map((signer) =>
        Promise.all(Array.from({ length: LIMIT_NONCES }, (_, nonce) => Promise.all(LEVELS.map((level) => signPoolTx(signer, { nonce, ...level }))))),
      ),
    );
  });

  type Step =
    /** A tx at the sender's state nonce + offset: 0 is executable, more opens or fills gaps; a taken nonce is a replacement. */
    | { kind: 'admit'; sender: number; offset: number; level: number }
    /** The sequencer pre-confirms up to `count` executable txs (state nonces move past them). */
    | { kind: 'preconfirm'; count: number }
    /** A sender's last tx leaves (as an eviction by another pool would). */
    | { kind: 'dropLast'; sender: number };
  const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('admit' as const),
        sender: fc.nat(LIMIT_SENDERS.length - 1),
        offset: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.integer({ min: 1, max: 4 }) }),
        level: fc.nat(LEVELS.length - 1),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('preconfirm' as const), count: fc.integer({ min: 1, max: 4 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('dropLast' as const), sender: fc.nat(LIMIT_SENDERS.length - 1) }) },
  );

  /** Pending and queued counts per sender, derived from the state and the pool's contents. */
  function occupancy(pool: TxPool, state: MemoryStateReader) {
    let pending = 0;
    let queued = 0;
    const queuedBySender = new Map<string, number>();
    for (const [sender, senderTxs] of pool.contents()) {
      const run = Number(pool.nextNonce(sender) - state.nonce(sender));
      pending += run;
      queued += senderTxs.size - run;
      queuedBySender.set(sender, senderTxs.size - run);
    }
    return { pending, queued, queuedBySender };
  }

  it('never holds more than globalSlots pending, globalQueue queued or accountQueue queued per sender', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 10, maxLength: 80, size: 'max' }), async (steps) => {
        const state = new MemoryStateReader();
        for (const { key } of LIMIT_SENDERS) state.set(key, { nonce: 0n, balance: 10n ** 24n });
        const pool = new TxPool(state, TIGHT);
        for (const step of steps) {
          const before = occupancy(pool, state);
          if (step.kind === 'admit') {
            const { key } = LIMIT_SENDERS[step.sender]!;
            const nonce = Number(state.nonce(key)) + step.offset;
            if (nonce >= LIMIT_NONCES) continue;
            const transaction = txs[step.sender]![nonce]![step.level]!;
            const firstGap = pool.nextNonce(key);
            // The queued txs right behind a gap-filling tx turn pending with it.
            let promoted = 0;
            while (
              pool
                .contents()
                .get(key)
                ?.has(transaction.nonce + 1n + BigInt(promoted))
            )
              promoted++;
            const outcome = pool.admit(transaction);
            if (outcome.valid) {
              const { evicted } = outcome.value;
              // A pending newcomer only displaces pending txs, a queued one only queued txs.
              const after = occupancy(pool, state);
              if (evicted.length > 0 && transaction.nonce === firstGap) expect(after.queued).toBeLessThanOrEqual(before.queued);
              if (evicted.length > 0 && transaction.nonce > firstGap) expect(after.pending).toBe(before.pending);
              for (const victim of evicted) expect(victim.tip).toBeLessThan(transaction.tip);
            } else if (outcome.reason.kind === 'poolFull' || outcome.reason.kind === 'underpricedForFullPool') {
              // Refused for room only when its category really is full.
              expect(transaction.nonce).toBeGreaterThanOrEqual(firstGap);
              if (transaction.nonce > firstGap) expect(before.queued).toBe(TIGHT.globalQueue);
              else expect(before.pending + 1 + promoted).toBeGreaterThan(TIGHT.globalSlots);
            }
          } else if (step.kind === 'preconfirm') {
            const included: PoolTransaction[] = [];
            await pool.select(0n, async (transaction) => {
              if (included.length >= step.count) return 'stop';
              included.push(transaction);
              return 'next';
            });
            for (const transaction of included) state.set(transaction.sender, { nonce: transaction.nonce + 1n });
            for (const transaction of included) pool.remove(transaction.hash);
            pool.releaseInFlight();
            pool.pruneStale(new Set(included.map((transaction) => transaction.sender)));
          } else {
            const senderTxs = pool.contents().get(LIMIT_SENDERS[step.sender]!.key);
            const last = senderTxs && [...senderTxs.values()].reduce((a, b) => (b.nonce > a.nonce ? b : a));
            if (last) pool.remove(last.hash);
          }
          pool.assertInvariants();
          const now = occupancy(pool, state);
          expect(pool.status()).toEqual({ pending: now.pending, queued: now.queued });
          expect(now.pending).toBeLessThanOrEqual(TIGHT.globalSlots);
          expect(now.queued).toBeLessThanOrEqual(TIGHT.globalQueue);
          for (const count of now.queuedBySender.values()) expect(count).toBeLessThanOrEqual(TIGHT.accountQueue);
        }
      }),
      { numRuns: 300 },
    );
  });
});
