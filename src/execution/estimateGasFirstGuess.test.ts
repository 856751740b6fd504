// The estimator's search, on modelled calls (no chain, as geth's gasestimator tests it): how many
// executions each kind of call costs, and that the answer always executed and stays within the
// error ratio of the true minimum. estimateGas.test.ts checks the same answers on real contracts.

import { describe, expect, it } from 'vitest';
import type { CallOutcome } from './CallRequest.js';
import { estimateGas } from './estimateGas.js';

const CAP = 50_000_000n;

/**
 * A call that succeeds with at least `minimum` gas and then reports `used` gas used after a
 * `refund`; below `minimum` it runs out of gas. Records every gas limit it is run with.
 */
function modelledCall(shape: { minimum: bigint; used: bigint; refund?: bigint }) {
  const limits: bigint[] = [];
  const run = async (gasLimit: bigint): Promise<CallOutcome> => {
    limits.push(gasLimit);
    const success = gasLimit >= shape.minimum;
    return {
      success,
      returnData: new Uint8Array(0),
      gasUsed: success ? shape.used : gasLimit,
      gasRefund: success ? (shape.refund ?? 0n) : 0n,
      ...(success ? {} : { error: 'out of gas' }),
    };
  };
  return { run, limits };
}

const options = { gasLimit: CAP, gasCap: CAP, feeCap: 0n, balance: 0n, value: 0n, isPlainTransfer: false };

describe('estimateGas: first guess, then search', () => {
  it('answers the gas used after two runs (the cap, then the guess) when nothing was refunded', async () => {
    // An ERC-20 transfer: every limit from the gas it uses up succeeds.
    const call = modelledCall({ minimum: 34_512n, used: 34_512n });
    expect(await estimateGas({ ...options, run: call.run })).toBe(34_512n);
    expect(call.limits).toEqual([CAP, 34_512n]);
  });

  it('answers used + refund after three runs when a refund widens the window (one gas less fails)', async () => {
    const call = modelledCall({ minimum: 52_800n, used: 48_000n, refund: 4_800n });
    expect(await estimateGas({ ...options, run: call.run })).toBe(52_800n);
    expect(call.limits).toEqual([CAP, 52_800n, 52_799n]);
  });

  it('falls back to geth’s optimistic limit and bisects when the guess is too little (1/64 withheld by a CALL)', async () => {
    const call = modelledCall({ minimum: 61_950n, used: 60_000n });
    const estimate = await estimateGas({ ...options, run: call.run });
    expect(estimate).toBeGreaterThanOrEqual(61_950n);
    expect(Number(estimate - 61_950n) / 61_950).toBeLessThan(0.015);
    expect(call.limits.slice(0, 3)).toEqual([CAP, 60_000n, ((60_000n + 2_300n) * 64n) / 63n]);
    // The answer is one of the limits that ran and succeeded.
    expect(call.limits).toContain(estimate);
  });

  it('bisects below the guess when one gas less also succeeds (with less gas the call takes another path)', async () => {
    // Peak use 50,000, but a path that refunds less also completes from 46,000.
    const call = modelledCall({ minimum: 46_000n, used: 45_000n, refund: 5_000n });
    const estimate = await estimateGas({ ...options, run: call.run });
    expect(estimate).toBeGreaterThanOrEqual(46_000n);
    expect(Number(estimate - 46_000n) / 46_000).toBeLessThan(0.015);
    expect(call.limits.slice(0, 3)).toEqual([CAP, 50_000n, 49_999n]);
  });

  it('needs a generous limit when the call checks gasleft(): bisects up from the guess', async () => {
    const call = modelledCall({ minimum: 130_000n, used: 25_000n });
    const estimate = await estimateGas({ ...options, run: call.run });
    expect(estimate).toBeGreaterThanOrEqual(130_000n);
    expect(Number(estimate - 130_000n) / 130_000).toBeLessThan(0.015);
  });

  it('answers after the one run at the cap when that run reports its least gas limit (nothing in it depended on the limit)', async () => {
    const call = modelledCall({ minimum: 51_084n, used: 51_084n });
    const run = async (gasLimit: bigint) => ({ ...(await call.run(gasLimit)), leastGasLimit: 51_084n });
    expect(await estimateGas({ ...options, run })).toBe(51_084n);
    expect(call.limits).toEqual([CAP]);
  });

  it('answers 21,000 for a plain transfer after one run', async () => {
    const call = modelledCall({ minimum: 21_000n, used: 21_000n });
    expect(await estimateGas({ ...options, run: call.run, isPlainTransfer: true })).toBe(21_000n);
    expect(call.limits).toEqual([21_000n]);
  });

  it('stops after the run at the cap when the call fails there', async () => {
    const call = modelledCall({ minimum: CAP + 1n, used: CAP });
    await expect(estimateGas({ ...options, run: call.run })).rejects.toMatchObject({ kind: 'gasAllowanceExceeded' });
    expect(call.limits).toEqual([CAP]);
  });
});
