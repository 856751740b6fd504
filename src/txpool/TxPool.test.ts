import { describe, expect, it } from 'vitest';
import type { TxPoolLimits } from '../config/nodeConfig.js';
import { TransactionRejectedError } from '../errors/TransactionRejectedError.js';
import type { TransactionRejection } from '../errors/TransactionRejection.js';
import { ErrorCodes } from '../rpc/errors/errorCodes.js';
import { TxErrorMessage } from '../rpc/errors/TxErrorMessage.js';
import { MemoryStateReader } from '../testing/MemoryStateReader.js';
import { onTheWire } from '../testing/onTheWire.js';
import { GWEI, signPoolTx, type TestSigner, TRANSFER_GAS, testPoolLimits, testSigner } from '../testing/signedTransactions.js';
import type { PoolTransaction } from './PoolTransaction.js';
import { type Admission, type PoolStatus, TxPool } from './TxPool.js';

const alice = testSigner(0);
const bob = testSigner(1);
const carol = testSigner(2);
const dave = testSigner(3);
const signers = [alice, bob, carol, dave];
const RICH = 10n ** 24n;

/** A transfer from `from` at `nonce`; fees default to 10 gwei cap and 1 gwei tip. */
interface TxSpec {
  from: TestSigner;
  nonce: number;
  feeCap?: bigint;
  tip?: bigint;
  value?: bigint;
}

const signed = new Map<string, Promise<PoolTransaction>>();
/** The pool form of a spec; the same spec always gives the same (deterministically signed) tx. */
function poolTx(spec: TxSpec): Promise<PoolTransaction> {
  const key = `${spec.from.key}/${spec.nonce}/${spec.feeCap}/${spec.tip}/${spec.value}`;
  let transaction = signed.get(key);
  if (!transaction) {
    transaction = signPoolTx(spec.from, { nonce: spec.nonce, feeCap: spec.feeCap ?? 10n * GWEI, tip: spec.tip ?? GWEI, value: spec.value });
    signed.set(key, transaction);
  }
  return transaction;
}

/** What a spec's tx costs up front: gas · fee cap + value. */
function costOf(spec: Omit<TxSpec, 'from' | 'nonce'>): bigint {
  return TRANSFER_GAS * (spec.feeCap ?? 10n * GWEI) + (spec.value ?? 0n);
}

/** A pool over a fresh state where every test signer is rich and at nonce 0, unless told otherwise. */
function createPool(options: { limits?: Partial<TxPoolLimits>; accounts?: Array<[TestSigner, { nonce?: bigint; balance?: bigint }]> } = {}) {
  const state = new MemoryStateReader();
  for (const signer of signers) state.set(signer.key, { nonce: 0n, balance: RICH });
  for (const [signer, fields] of options.accounts ?? []) state.set(signer.key, fields);
  const pool = new TxPool(state, testPoolLimits(options.limits));
  pool.assertInvariants();

  /** Offers `spec` to the pool and checks the invariants; returns the pool's outcome. */
  const attempt = async (spec: TxSpec) => {
    const transaction = await poolTx(spec);
    try {
      return pool.admit(transaction);
    } finally {
      pool.assertInvariants();
    }
  };
  /** Admits `spec` and returns the admission; fails when the pool refuses it. */
  const admit = async (spec: TxSpec): Promise<Admission> => {
    const outcome = await attempt(spec);
    if (!outcome.valid) throw new Error(`nonce ${spec.nonce} of ${spec.from.key} was refused: ${outcome.reason.kind}`);
    return outcome.value;
  };
  /** The reason the pool refuses `spec` (and leaves its contents alone); fails when it is admitted. */
  const rejection = async (spec: TxSpec): Promise<TransactionRejection> => {
    const before = pool.size;
    const outcome = await attempt(spec);
    if (outcome.valid) throw new Error(`nonce ${spec.nonce} of ${spec.from.key} was admitted`);
    expect(pool.size).toBe(before);
    return outcome.reason;
  };
  const remove = (transaction: PoolTransaction) => {
    const removed = pool.remove(transaction.hash);
    pool.assertInvariants();
    return removed;
  };
  /** Runs select; `verdict` decides per tx (default 'next'). Returns the txs offered, in order. */
  const select = async (baseFee: bigint, verdict: (transaction: PoolTransaction) => 'next' | 'skipSender' | 'stop' = () => 'next') => {
    const offered: PoolTransaction[] = [];
    await pool.select(baseFee, async (transaction) => {
      offered.push(transaction);
      return verdict(transaction);
    });
    pool.assertInvariants();
    return offered;
  };
  return { state, pool, admit, rejection, remove, select };
}

/** Matches a refusal as the client sees it through the RPC edge: -32000 with this exact message, or one matching this pattern. */
function expectServerError(reason: TransactionRejection, message: string | RegExp): void {
  expect(onTheWire(new TransactionRejectedError(reason))).toEqual({
    code: ErrorCodes.server.code,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });
}

const TX_COST = costOf({});

describe('TxPool.admit', () => {
  interface AdmitCase {
    name: string;
    limits?: Partial<TxPoolLimits>;
    accounts?: Array<[TestSigner, { nonce?: bigint; balance?: bigint }]>;
    /** Admitted first, in order, each expected to succeed. */
    before?: TxSpec[];
    admit: TxSpec;
    /** The error, or what the admission reports (indexes into `before`). */
    outcome: { error: string | RegExp } | { replaced?: number; evicted?: number[] };
    status?: PoolStatus;
    nextNonce?: Array<[TestSigner, bigint]>;
  }

  const cases: AdmitCase[] = [
    // Nonces.
    { name: 'a first tx at the state nonce', admit: { from: alice, nonce: 0 }, outcome: {}, status: { pending: 1, queued: 0 }, nextNonce: [[alice, 1n]] },
    {
      name: 'nonce too low: the state nonce is ahead',
      accounts: [[alice, { nonce: 3n }]],
      admit: { from: alice, nonce: 2 },
      outcome: { error: 'nonce too low: next nonce 3, tx nonce 2' },
    },
    {
      name: 'already known: the same raw tx twice',
      before: [{ from: alice, nonce: 0 }],
      admit: { from: alice, nonce: 0 },
      outcome: { error: TxErrorMessage.alreadyKnown },
    },
    {
      name: 'a future nonce is queued, not pending',
      admit: { from: alice, nonce: 2 },
      outcome: {},
      status: { pending: 0, queued: 1 },
      nextNonce: [[alice, 0n]],
    },
    {
      name: 'filling the gap promotes the queued run to pending',
      before: [
        { from: alice, nonce: 3 },
        { from: alice, nonce: 1 },
        { from: alice, nonce: 2 },
      ],
      admit: { from: alice, nonce: 0 },
      outcome: {},
      status: { pending: 4, queued: 0 },
      nextNonce: [[alice, 4n]],
    },
    {
      name: 'a gap leaves the txs after it queued',
      before: [
        { from: alice, nonce: 0 },
        { from: alice, nonce: 1 },
        { from: alice, nonce: 3 },
      ],
      admit: { from: alice, nonce: 4 },
      outcome: {},
      status: { pending: 2, queued: 2 },
      nextNonce: [[alice, 2n]],
    },

    // Replacement (priceBump 10%: fee cap and tip must both rise by at least 10%).
    {
      name: 'replacement: +10% fee cap and tip replaces',
      before: [{ from: alice, nonce: 0, feeCap: 10n * GWEI, tip: GWEI }],
      admit: { from: alice, nonce: 0, feeCap: 11n * GWEI, tip: (11n * GWEI) / 10n },
      outcome: { replaced: 0 },
      status: { pending: 1, queued: 0 },
    },
    {
      name: 'replacement: +50% fee cap and tip replaces',
      before: [{ from: alice, nonce: 0, feeCap: 10n * GWEI, tip: GWEI }],
      admit: { from: alice, nonce: 0, feeCap: 15n * GWEI, tip: (15n * GWEI) / 10n },
      outcome: { replaced: 0 },
    },
    {
      name: 'replacement: a queued tx can be replaced too',
      before: [{ from: alice, nonce: 5, feeCap: 10n * GWEI, tip: GWEI }],
      admit: { from: alice, nonce: 5, feeCap: 11n * GWEI, tip: (11n * GWEI) / 10n },
      outcome: { replaced: 0 },
      status: { pending: 0, queued: 1 },
    },
    {
      name: 'replacement: +9% on both is underpriced',
      before: [{ from: alice, nonce: 0, feeCap: 10n * GWEI, tip: GWEI }],
      admit: { from: alice, nonce: 0, feeCap: (109n * GWEI) / 10n, tip: (109n * GWEI) / 100n },
      outcome: { error: TxErrorMessage.replacementUnderpriced },
    },
    {
      name: 'replacement: +10% fee cap but +5% tip is underpriced',
      before: [{ from: alice, nonce: 0, feeCap: 10n * GWEI, tip: GWEI }],
      admit: { from: alice, nonce: 0, feeCap: 11n * GWEI, tip: (105n * GWEI) / 100n },
      outcome: { error: TxErrorMessage.replacementUnderpriced },
    },
    {
      name: 'replacement: +5% fee cap but +10% tip is underpriced',
      before: [{ from: alice, nonce: 0, feeCap: 10n * GWEI, tip: GWEI }],
      admit: { from: alice, nonce: 0, feeCap: (105n * GWEI) / 10n, tip: (11n * GWEI) / 10n },
      outcome: { error: TxErrorMessage.replacementUnderpriced },
    },
    {
      name: 'replacement: 1 wei short of +10% fee cap is underpriced',
      before: [{ from: alice, nonce: 0, feeCap: 10n * GWEI, tip: GWEI }],
      admit: { from: alice, nonce: 0, feeCap: 11n * GWEI - 1n, tip: (11n * GWEI) / 10n },
      outcome: { error: TxErrorMessage.replacementUnderpriced },
    },
    {
      name: 'replacement: same price, different value is underpriced',
      before: [{ from: alice, nonce: 0 }],
      admit: { from: alice, nonce: 0, value: 1n },
      outcome: { error: TxErrorMessage.replacementUnderpriced },
    },

    // Balance.
    {
      name: 'balance exactly the cost is enough',
      accounts: [[alice, { balance: costOf({ value: 7n }) }]],
      admit: { from: alice, nonce: 0, value: 7n },
      outcome: {},
    },
    {
      name: 'insufficient funds: balance 1 wei short of gas · fee cap + value',
      accounts: [[alice, { balance: costOf({ value: 7n }) - 1n }]],
      admit: { from: alice, nonce: 0, value: 7n },
      outcome: { error: `insufficient funds for gas * price + value: balance ${TX_COST + 6n}, tx cost ${TX_COST + 7n}, overshot 1` },
    },
    {
      name: 'insufficient funds: cumulative, balance covers tx n but not n and n+1',
      accounts: [[alice, { balance: 2n * TX_COST - 1n }]],
      before: [{ from: alice, nonce: 0 }],
      admit: { from: alice, nonce: 1 },
      outcome: { error: /^insufficient funds for gas \* price \+ value: .*overshot 1$/ },
      status: { pending: 1, queued: 0 },
    },
    {
      name: 'insufficient funds: cumulative across a gap (queued txs count)',
      accounts: [[alice, { balance: 2n * TX_COST }]],
      before: [
        { from: alice, nonce: 0 },
        { from: alice, nonce: 2 },
      ],
      admit: { from: alice, nonce: 1 },
      outcome: { error: /^insufficient funds for gas \* price \+ value: .*overshot \d+$/ },
    },
    {
      name: 'insufficient funds: a costlier replacement must still leave the later txs paid for',
      accounts: [[alice, { balance: 2n * TX_COST }]],
      before: [
        { from: alice, nonce: 0 },
        { from: alice, nonce: 1 },
      ],
      admit: { from: alice, nonce: 0, feeCap: 11n * GWEI, tip: (11n * GWEI) / 10n },
      outcome: { error: /^insufficient funds for gas \* price \+ value: .*overshot 21000000000000$/ },
    },
    {
      name: 'a cheaper-to-afford replacement is fine with later txs pooled',
      accounts: [[alice, { balance: 2n * TX_COST + 21_000n * GWEI }]],
      before: [
        { from: alice, nonce: 0 },
        { from: alice, nonce: 1 },
      ],
      admit: { from: alice, nonce: 0, feeCap: 11n * GWEI, tip: (11n * GWEI) / 10n },
      outcome: { replaced: 0 },
    },
    {
      name: 'insufficient funds: an account that does not exist has no balance',
      accounts: [],
      admit: { from: testSigner(9), nonce: 0 },
      outcome: { error: /^insufficient funds for gas \* price \+ value: balance 0,/ },
    },

    // Per-account queue limit.
    {
      name: 'account limit exceeded once accountQueue future txs are queued',
      limits: { accountQueue: 2 },
      before: [
        { from: alice, nonce: 5 },
        { from: alice, nonce: 6 },
      ],
      admit: { from: alice, nonce: 8 },
      outcome: { error: 'account limit exceeded: 2 future-nonce transactions already queued' },
    },
    {
      name: 'account limit: pending txs do not count towards it',
      limits: { accountQueue: 2 },
      before: [
        { from: alice, nonce: 0 },
        { from: alice, nonce: 1 },
        { from: alice, nonce: 5 },
      ],
      admit: { from: alice, nonce: 6 },
      outcome: {},
      status: { pending: 2, queued: 2 },
    },
    {
      name: 'account limit: the next nonce is still accepted when the queue is full',
      limits: { accountQueue: 2 },
      before: [
        { from: alice, nonce: 5 },
        { from: alice, nonce: 6 },
      ],
      admit: { from: alice, nonce: 0 },
      outcome: {},
      status: { pending: 1, queued: 2 },
    },
    {
      name: 'account limit: a queued tx may be replaced when the queue is full',
      limits: { accountQueue: 2 },
      before: [
        { from: alice, nonce: 5 },
        { from: alice, nonce: 6 },
      ],
      admit: { from: alice, nonce: 6, feeCap: 20n * GWEI, tip: 2n * GWEI },
      outcome: { replaced: 1 },
    },
    {
      name: 'account limit: other senders have their own queue',
      limits: { accountQueue: 2 },
      before: [
        { from: alice, nonce: 5 },
        { from: alice, nonce: 6 },
      ],
      admit: { from: bob, nonce: 5 },
      outcome: {},
    },

    // Global slots: at most globalSlots pending txs in all.
    {
      name: 'global slots: a full pending set rejects a tx cheaper than every evictable one',
      limits: { globalSlots: 3 },
      before: [
        { from: alice, nonce: 0, tip: 5n * GWEI },
        { from: bob, nonce: 0, tip: 3n * GWEI },
        { from: carol, nonce: 0, tip: 4n * GWEI },
      ],
      admit: { from: dave, nonce: 0, tip: 2n * GWEI },
      outcome: { error: TxErrorMessage.underpriced },
    },
    {
      name: 'global slots: an equal tip does not evict',
      limits: { globalSlots: 3 },
      before: [
        { from: alice, nonce: 0, tip: 5n * GWEI },
        { from: bob, nonce: 0, tip: 3n * GWEI },
        { from: carol, nonce: 0, tip: 4n * GWEI },
      ],
      admit: { from: dave, nonce: 0, tip: 3n * GWEI },
      outcome: { error: TxErrorMessage.underpriced },
    },
    {
      name: 'global slots: a pricier tx evicts the cheapest pending tx of another sender',
      limits: { globalSlots: 3 },
      before: [
        { from: alice, nonce: 0, tip: 5n * GWEI },
        { from: bob, nonce: 0, tip: 3n * GWEI },
        { from: carol, nonce: 0, tip: 4n * GWEI },
      ],
      admit: { from: dave, nonce: 0, tip: 6n * GWEI },
      outcome: { evicted: [1] },
      status: { pending: 3, queued: 0 },
    },
    {
      name: 'global slots: eviction takes a sender’s last pending nonce, never one in the middle',
      limits: { globalSlots: 3 },
      before: [
        { from: alice, nonce: 0, tip: GWEI },
        { from: alice, nonce: 1, tip: 8n * GWEI },
        { from: bob, nonce: 0, tip: 4n * GWEI },
      ],
      admit: { from: carol, nonce: 0, tip: 5n * GWEI },
      // Alice's 1-gwei tx is the cheapest but not her last: bob's is taken.
      outcome: { evicted: [2] },
      status: { pending: 3, queued: 0 },
    },
    {
      name: 'global slots: senders above accountSlots lose their txs first, even pricier ones',
      limits: { globalSlots: 4, accountSlots: 2 },
      before: [
        { from: alice, nonce: 0, tip: 5n * GWEI },
        { from: alice, nonce: 1, tip: 5n * GWEI },
        { from: alice, nonce: 2, tip: 5n * GWEI },
        { from: bob, nonce: 0, tip: GWEI },
      ],
      admit: { from: carol, nonce: 0, tip: 6n * GWEI },
      outcome: { evicted: [2] },
      status: { pending: 4, queued: 0 },
    },
    {
      name: 'global slots: the sender’s own txs are never evicted for it (txpool is full)',
      limits: { globalSlots: 3 },
      before: [
        { from: alice, nonce: 0, tip: GWEI },
        { from: alice, nonce: 1, tip: GWEI },
        { from: alice, nonce: 2, tip: GWEI },
      ],
      admit: { from: alice, nonce: 3, tip: 9n * GWEI },
      outcome: { error: TxErrorMessage.txPoolOverflow },
    },
    {
      name: 'global slots: filling a gap makes room for the whole run it promotes',
      limits: { globalSlots: 4 },
      before: [
        { from: alice, nonce: 1, tip: 9n * GWEI },
        { from: alice, nonce: 2, tip: 9n * GWEI },
        { from: bob, nonce: 0, tip: GWEI },
        { from: bob, nonce: 1, tip: GWEI },
        { from: carol, nonce: 0, tip: 2n * GWEI },
        { from: dave, nonce: 0, tip: 3n * GWEI },
      ],
      admit: { from: alice, nonce: 0, tip: 9n * GWEI },
      // Three pending slots for alice 0–2: bob's two (last first), then carol's, the cheapest.
      outcome: { evicted: [3, 2, 4] },
      status: { pending: 4, queued: 0 },
    },
    {
      name: 'global slots: a gap is not filled when the run it promotes cannot fit',
      limits: { globalSlots: 3 },
      before: [
        { from: alice, nonce: 1, tip: 9n * GWEI },
        { from: alice, nonce: 2, tip: 9n * GWEI },
        { from: bob, nonce: 0, tip: GWEI },
        { from: carol, nonce: 0, tip: 9n * GWEI },
        { from: dave, nonce: 0, tip: 9n * GWEI },
      ],
      admit: { from: alice, nonce: 0, tip: 5n * GWEI },
      outcome: { error: TxErrorMessage.underpriced },
      status: { pending: 3, queued: 2 },
    },
    {
      name: 'global slots: a future tx is queued even when the pending set is full',
      limits: { globalSlots: 2 },
      before: [
        { from: alice, nonce: 0, tip: 5n * GWEI },
        { from: bob, nonce: 0, tip: 3n * GWEI },
      ],
      admit: { from: carol, nonce: 4, tip: GWEI },
      outcome: {},
      status: { pending: 2, queued: 1 },
    },
    {
      name: 'global slots: a replacement needs no room',
      limits: { globalSlots: 3 },
      before: [
        { from: alice, nonce: 0, tip: 5n * GWEI },
        { from: bob, nonce: 0, tip: 3n * GWEI },
        { from: carol, nonce: 0, tip: 4n * GWEI },
      ],
      admit: { from: bob, nonce: 0, feeCap: 20n * GWEI, tip: 4n * GWEI },
      outcome: { replaced: 1 },
      status: { pending: 3, queued: 0 },
    },

    // Global queue: at most globalQueue queued (future-nonce) txs in all.
    {
      name: 'global queue: a full queue rejects a future tx cheaper than every queued one of others',
      limits: { globalQueue: 2 },
      before: [
        { from: alice, nonce: 3, tip: 3n * GWEI },
        { from: bob, nonce: 3, tip: 2n * GWEI },
      ],
      admit: { from: carol, nonce: 3, tip: 2n * GWEI },
      outcome: { error: TxErrorMessage.underpriced },
      status: { pending: 0, queued: 2 },
    },
    {
      name: 'global queue: a pricier future tx evicts the cheapest queued tx of another sender (its last)',
      limits: { globalQueue: 3 },
      before: [
        { from: alice, nonce: 3, tip: 3n * GWEI },
        { from: bob, nonce: 3, tip: 5n * GWEI },
        { from: bob, nonce: 4, tip: 2n * GWEI },
      ],
      admit: { from: carol, nonce: 3, tip: 4n * GWEI },
      outcome: { evicted: [2] },
      status: { pending: 0, queued: 3 },
    },
    {
      name: 'global queue: a future tx never evicts a pending one',
      limits: { globalQueue: 1 },
      before: [
        { from: alice, nonce: 0, tip: GWEI },
        { from: alice, nonce: 5, tip: 9n * GWEI },
        { from: bob, nonce: 0, tip: GWEI },
      ],
      admit: { from: bob, nonce: 5, tip: 9n * GWEI },
      outcome: { error: TxErrorMessage.underpriced },
      status: { pending: 2, queued: 1 },
    },
    {
      name: 'global queue: txpool is full when only the sender’s own txs are queued',
      limits: { globalQueue: 2 },
      before: [
        { from: alice, nonce: 3 },
        { from: alice, nonce: 4 },
      ],
      admit: { from: alice, nonce: 6, tip: 9n * GWEI },
      outcome: { error: TxErrorMessage.txPoolOverflow },
    },
    {
      name: 'global queue: a tx at the next nonce is pending, so a full queue does not stop it',
      limits: { globalQueue: 1 },
      before: [{ from: alice, nonce: 3 }],
      admit: { from: bob, nonce: 0 },
      outcome: {},
      status: { pending: 1, queued: 1 },
    },
    {
      name: 'global queue 0: no future tx at all',
      limits: { globalQueue: 0 },
      admit: { from: alice, nonce: 1 },
      outcome: { error: TxErrorMessage.txPoolOverflow },
    },
  ];

  it.each(cases)('$name', async ({ limits, accounts, before = [], admit: spec, outcome, status, nextNonce }) => {
    const { pool, admit, rejection } = createPool({ limits, accounts });
    const earlier: PoolTransaction[] = [];
    for (const previous of before) earlier.push((await admit(previous)).transaction);

    if ('error' in outcome) {
      expectServerError(await rejection(spec), outcome.error);
      for (const transaction of earlier) expect(pool.get(transaction.hash)).toBe(transaction);
    } else {
      const admission = await admit(spec);
      const transaction = await poolTx(spec);
      expect(admission).toEqual({
        transaction,
        ...(outcome.replaced === undefined ? {} : { replaced: earlier[outcome.replaced] }),
        evicted: (outcome.evicted ?? []).map((index) => earlier[index]),
      });
      expect(pool.get(transaction.hash)).toBe(transaction);
      const gone = [outcome.replaced, ...(outcome.evicted ?? [])].filter((index) => index !== undefined).map((index) => earlier[index]!);
      for (const transaction of gone) expect(pool.get(transaction.hash)).toBeUndefined();
      expect(pool.size).toBe(earlier.length + 1 - gone.length);
    }
    if (status) expect(pool.status()).toEqual(status);
    for (const [signer, nonce] of nextNonce ?? []) expect(pool.nextNonce(signer.key)).toBe(nonce);
  });

  it('global slots: txpool is full when every other sender’s last tx is in flight', async () => {
    const { admit, rejection, select } = createPool({ limits: { globalSlots: 3 } });
    await admit({ from: alice, nonce: 0, tip: GWEI });
    await admit({ from: bob, nonce: 0, tip: GWEI });
    await select(0n);
    await admit({ from: carol, nonce: 0, tip: 2n * GWEI });
    // Carol is the only other sender with an evictable tx, and it is the new tx's own sender.
    expectServerError(await rejection({ from: carol, nonce: 1, tip: 9n * GWEI }), TxErrorMessage.txPoolOverflow);
  });

  it('revert takes an admission back: the tx leaves, what it replaced or evicted returns', async () => {
    const { admit, pool } = createPool({ limits: { globalSlots: 2 } });
    const first = (await admit({ from: alice, nonce: 0, tip: GWEI })).transaction;
    const cheap = (await admit({ from: bob, nonce: 0, tip: GWEI / 2n })).transaction;
    const evicting = await admit({ from: carol, nonce: 0, tip: 2n * GWEI });
    expect(evicting.evicted).toEqual([cheap]);
    pool.revert(evicting);
    pool.assertInvariants();
    expect([pool.get(first.hash), pool.get(cheap.hash), pool.get(evicting.transaction.hash)]).toEqual([first, cheap, undefined]);
    const replacing = await admit({ from: alice, nonce: 0, feeCap: 20n * GWEI, tip: 2n * GWEI });
    pool.revert(replacing);
    pool.assertInvariants();
    expect(pool.get(first.hash)).toBe(first);
    expect(pool.status()).toEqual({ pending: 2, queued: 0 });
  });
});

describe('TxPool in-flight transactions', () => {
  it('a tx selected and not yet removed cannot be replaced (nonce too low)', async () => {
    const { admit, rejection, select, remove, pool } = createPool();
    const first = (await admit({ from: alice, nonce: 0 })).transaction;
    expect(await select(0n)).toEqual([first]);
    const replacement = { from: alice, nonce: 0, feeCap: 20n * GWEI, tip: 2n * GWEI };
    expectServerError(await rejection(replacement), 'nonce too low: next nonce 1, tx nonce 0');
    // Still in the pool (the sequencer removes it once pre-confirmed), and the next nonce is free.
    expect(pool.get(first.hash)).toBe(first);
    await admit({ from: alice, nonce: 1 });
    remove(first);
    expect(pool.get(first.hash)).toBeUndefined();
  });

  it('releaseInFlight makes the tx replaceable again', async () => {
    const { admit, select, pool } = createPool();
    const first = (await admit({ from: alice, nonce: 0 })).transaction;
    await select(0n);
    pool.releaseInFlight();
    pool.assertInvariants();
    const admission = await admit({ from: alice, nonce: 0, feeCap: 20n * GWEI, tip: 2n * GWEI });
    expect(admission.replaced).toBe(first);
  });

  it('a select round skips a sender whose next tx is already in flight', async () => {
    const { admit, select } = createPool();
    await admit({ from: alice, nonce: 0 });
    expect(await select(0n)).toHaveLength(1);
    expect(await select(0n)).toEqual([]);
  });

  it('select never offers a tx that is already in flight, even as a successor', async () => {
    const { admit, select, remove } = createPool();
    const first = (await admit({ from: alice, nonce: 0 })).transaction;
    const second = (await admit({ from: alice, nonce: 1 })).transaction;
    expect(await select(0n)).toEqual([first, second]);
    // Nonce 0 leaves the pool while nonce 1 is still in flight, then comes back.
    remove(first);
    await admit({ from: alice, nonce: 0 });
    expect(await select(0n)).toEqual([first]);
  });

  it('a queued tx still in flight (its predecessor left mid-step) is never evicted for a future tx', async () => {
    const { admit, rejection, select, remove, pool } = createPool({ limits: { globalQueue: 2 } });
    const txs: PoolTransaction[] = [];
    for (const nonce of [0, 1, 2]) txs.push((await admit({ from: alice, nonce })).transaction);
    expect(await select(0n)).toEqual(txs);
    remove(txs[0]!);
    expect(pool.status()).toEqual({ pending: 0, queued: 2 });
    // Bob's future tx pays more, but alice's last queued tx may be in the sub-block being built.
    expectServerError(await rejection({ from: bob, nonce: 1, tip: 5n * GWEI }), TxErrorMessage.txPoolOverflow);
    expect(pool.get(txs[2]!.hash)).toBe(txs[2]);
  });

  it('a tx offered and answered with stop is not left in flight', async () => {
    const { admit, select } = createPool();
    const first = (await admit({ from: alice, nonce: 0 })).transaction;
    expect(await select(0n, () => 'stop')).toEqual([first]);
    const admission = await admit({ from: alice, nonce: 0, feeCap: 20n * GWEI, tip: 2n * GWEI });
    expect(admission.replaced).toBe(first);
  });
});

describe('TxPool.select', () => {
  type Verdict = 'next' | 'skipSender' | 'stop';
  interface SelectCase {
    name: string;
    txs: Record<string, TxSpec>;
    baseFee: bigint;
    /** Verdicts by label; 'next' for the rest. */
    verdicts?: Record<string, Verdict>;
    /** Labels in the order select offers them. */
    offered: string[];
  }
  const cases: SelectCase[] = [
    {
      name: 'highest effective tip first across senders',
      baseFee: 0n,
      txs: { A0: { from: alice, nonce: 0, tip: GWEI }, B0: { from: bob, nonce: 0, tip: 3n * GWEI }, C0: { from: carol, nonce: 0, tip: 2n * GWEI } },
      offered: ['B0', 'C0', 'A0'],
    },
    {
      // At base fee 9 gwei: A earns min(5, 10 − 9) = 1 gwei, B earns min(2, 20 − 9) = 2 gwei.
      name: 'the effective tip, not the tip, orders senders',
      baseFee: 9n * GWEI,
      txs: { A0: { from: alice, nonce: 0, feeCap: 10n * GWEI, tip: 5n * GWEI }, B0: { from: bob, nonce: 0, feeCap: 20n * GWEI, tip: 2n * GWEI } },
      offered: ['B0', 'A0'],
    },
    {
      name: 'nonce order within a sender, whatever the tips',
      baseFee: 0n,
      txs: {
        A0: { from: alice, nonce: 0, tip: GWEI },
        A1: { from: alice, nonce: 1, tip: 9n * GWEI },
        A2: { from: alice, nonce: 2, tip: 2n * GWEI },
        B0: { from: bob, nonce: 0, tip: 5n * GWEI },
      },
      offered: ['B0', 'A0', 'A1', 'A2'],
    },
    {
      name: 'senders interleave as their heads change',
      baseFee: 0n,
      txs: {
        A0: { from: alice, nonce: 0, tip: 4n * GWEI },
        A1: { from: alice, nonce: 1, tip: 2n * GWEI },
        B0: { from: bob, nonce: 0, tip: 3n * GWEI },
        B1: { from: bob, nonce: 1, tip: GWEI },
      },
      offered: ['A0', 'B0', 'A1', 'B1'],
    },
    {
      name: 'a fee cap below the base fee is skipped, and so is the rest of its sender',
      baseFee: 10n * GWEI,
      txs: {
        A0: { from: alice, nonce: 0, feeCap: 9n * GWEI, tip: GWEI },
        A1: { from: alice, nonce: 1, feeCap: 30n * GWEI, tip: GWEI },
        B0: { from: bob, nonce: 0, feeCap: 20n * GWEI, tip: GWEI },
        B1: { from: bob, nonce: 1, feeCap: 9n * GWEI, tip: GWEI },
        B2: { from: bob, nonce: 2, feeCap: 20n * GWEI, tip: GWEI },
        C0: { from: carol, nonce: 0, feeCap: 10n * GWEI, tip: GWEI },
      },
      // C0's fee cap equals the base fee: includable, with an effective tip of 0.
      offered: ['B0', 'C0'],
    },
    {
      name: 'queued txs (after a nonce gap) are not offered',
      baseFee: 0n,
      txs: { A0: { from: alice, nonce: 0 }, A2: { from: alice, nonce: 2 }, B1: { from: bob, nonce: 1 } },
      offered: ['A0'],
    },
    {
      name: 'stop ends the round',
      baseFee: 0n,
      txs: { A0: { from: alice, nonce: 0, tip: 3n * GWEI }, B0: { from: bob, nonce: 0, tip: 2n * GWEI }, C0: { from: carol, nonce: 0, tip: GWEI } },
      verdicts: { B0: 'stop' },
      offered: ['A0', 'B0'],
    },
    {
      name: 'skipSender drops the rest of that sender for this round',
      baseFee: 0n,
      txs: {
        A0: { from: alice, nonce: 0, tip: 3n * GWEI },
        A1: { from: alice, nonce: 1, tip: 3n * GWEI },
        B0: { from: bob, nonce: 0, tip: 2n * GWEI },
        B1: { from: bob, nonce: 1, tip: 2n * GWEI },
      },
      verdicts: { A0: 'skipSender' },
      offered: ['A0', 'B0', 'B1'],
    },
  ];

  it.each(cases)('$name', async ({ txs, baseFee, verdicts = {}, offered }) => {
    const { admit, select } = createPool();
    const labelOf = new Map<string, string>();
    for (const [label, spec] of Object.entries(txs)) labelOf.set((await admit(spec)).transaction.hash, label);
    const order = await select(baseFee, (transaction) => verdicts[labelOf.get(transaction.hash)!] ?? 'next');
    expect(order.map((transaction) => labelOf.get(transaction.hash))).toEqual(offered);
  });

  it('starts each sender at its state nonce', async () => {
    const { admit, select, state } = createPool();
    await admit({ from: alice, nonce: 0 });
    const second = (await admit({ from: alice, nonce: 1 })).transaction;
    state.set(alice.key, { nonce: 1n });
    expect(await select(0n)).toEqual([second]);
  });
});

describe('TxPool.pruneStale and remove', () => {
  it('pruneStale removes the txs whose nonce the state passed, and returns them', async () => {
    const { admit, pool, state } = createPool();
    const txs = [];
    for (const nonce of [0, 1, 2, 3]) txs.push((await admit({ from: alice, nonce })).transaction);
    const bobs = (await admit({ from: bob, nonce: 0 })).transaction;
    state.set(alice.key, { nonce: 2n });
    state.set(bob.key, { nonce: 1n });

    const pruned = pool.pruneStale([alice.key]);
    pool.assertInvariants();
    expect(new Set(pruned)).toEqual(new Set([txs[0], txs[1]]));
    expect(pool.size).toBe(3);
    expect(pool.get(bobs.hash)).toBe(bobs); // not among the senders asked about
    // Counted as of the nonces the pool was told: bob's tx is still pending until bob is pruned.
    expect(pool.status()).toEqual({ pending: 3, queued: 0 });
    expect(pool.nextNonce(alice.key)).toBe(4n);
    expect(pool.pruneStale([alice.key, carol.key])).toEqual([]);
    expect(pool.pruneStale([bob.key])).toEqual([bobs]);
    expect(pool.status()).toEqual({ pending: 2, queued: 0 });
  });

  it('pruneStale learns a nonce that turns queued txs pending (a state edit past a gap)', async () => {
    const { admit, pool, state } = createPool();
    await admit({ from: alice, nonce: 2 });
    await admit({ from: alice, nonce: 3 });
    expect(pool.status()).toEqual({ pending: 0, queued: 2 });
    state.set(alice.key, { nonce: 2n });
    expect(pool.pruneStale([alice.key])).toEqual([]);
    pool.assertInvariants();
    expect(pool.status()).toEqual({ pending: 2, queued: 0 });
  });

  it('remove of a middle nonce demotes the txs after it to queued', async () => {
    const { admit, remove, pool } = createPool();
    const txs = [];
    for (const nonce of [0, 1, 2]) txs.push((await admit({ from: alice, nonce })).transaction);
    expect(remove(txs[1]!)).toBe(txs[1]);
    expect(pool.status()).toEqual({ pending: 1, queued: 1 });
    expect(pool.nextNonce(alice.key)).toBe(1n);
    expect(remove(txs[1]!)).toBeUndefined();
    remove(txs[0]!);
    remove(txs[2]!);
    expect(pool.size).toBe(0);
    expect(pool.contents().size).toBe(0);
  });

  it('after a removal demotes a run past the global queue, the pool still holds no more than both limits together (pool property seed -1773196802)', async () => {
    const { admit, rejection, remove, pool } = createPool({ limits: { globalSlots: 6, globalQueue: 3, accountQueue: 2 } });
    const alices = [];
    for (const nonce of [0, 1, 2, 3, 4]) alices.push((await admit({ from: alice, nonce, tip: GWEI })).transaction);
    const bobQueued = (await admit({ from: bob, nonce: 1, tip: 3n * GWEI })).transaction;
    // Dropping alice's nonce 1 demotes her nonces 2–4: 4 queued against a limit of 3.
    remove(alices[1]!);
    expect(pool.status()).toEqual({ pending: 1, queued: 4 });
    for (const nonce of [0, 1, 2, 3]) expect((await admit({ from: carol, nonce, tip: 2n * GWEI })).evicted).toEqual([]);
    // The 10th tx would pass 6 + 3: the cheapest other sender's last queued tx makes room.
    const tenth = await admit({ from: carol, nonce: 4, tip: 2n * GWEI });
    expect(tenth.evicted).toEqual([alices[4]]);
    expect(pool.size).toBe(9);
    expect(pool.status()).toEqual({ pending: 6, queued: 3 });
    // Nothing left cheaper than the offer: refused, the pool unchanged.
    expectServerError(await rejection({ from: dave, nonce: 0, tip: GWEI }), TxErrorMessage.underpriced);
    expect(pool.get(bobQueued.hash)).toBe(bobQueued);
  });

  it('nextNonce of a sender with no txs is its state nonce (0 when unknown)', () => {
    const { pool, state } = createPool();
    state.set(alice.key, { nonce: 7n });
    expect(pool.nextNonce(alice.key)).toBe(7n);
    expect(pool.nextNonce('00'.repeat(20))).toBe(0n);
  });
});
