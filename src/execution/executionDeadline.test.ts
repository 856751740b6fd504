// The deadline an execution on the main thread honours: loops of jumps and of precompile calls
// end with the timeout error at the deadline, and every answer of an execution that finishes in
// time (GAS, the 63/64 rule, precompiles) is the one it gives without a deadline.

import { beforeAll, describe, expect, it } from 'vitest';
import { commonOfChain } from '../config/commonOfChain.js';
import { ExecutionTimeoutError } from '../errors/ExecutionTimeoutError.js';
import { hexToBytes } from '../primitives/hex.js';
import { CodeStateReader } from '../testing/CodeStateReader.js';
import { BN254_GENERATOR_PAIR, COUNT_DOWN, callBothWithAllGas, ENDLESS_LOOP, PAIRING_LOOP, RETURN_GAS } from '../testing/longRunningPrograms.js';
import type { CallOutcome, CallRequest } from './CallRequest.js';
import { createExecutionVm, type ExecutionVm } from './createExecutionVm.js';
import { deadlineIn, PrecompileOverBudget, runWithDeadline, TimeOverBudget } from './executionDeadline.js';
import { runCall } from './runCall.js';

const CHILD = '00000000000000000000000000000000000000c1';
const BURNER = '00000000000000000000000000000000000000b1';
const PARENT = '00000000000000000000000000000000000000a1';
const PAIRER = '00000000000000000000000000000000000000d1';
const CHILD_CODE = RETURN_GAS;
const BURNER_CODE = COUNT_DOWN;
const PARENT_CODE = callBothWithAllGas(BURNER, CHILD);
/** Copies its calldata to memory, STATICCALLs 0x08 with it and all its gas, and returns the answer, the GAS left after and the call's success. */
const PAIRER_CODE = '366000600037 6020 6000 36 6000 6008 5a fa 5a 6020 52 6040 52 6060 6000 f3'.replaceAll(' ', '');

const common = commonOfChain(31337n, undefined, {});
const environment = { number: 1n, timestamp: 1n, gasLimit: 30_000_000n, baseFeePerGas: 0n, coinbase: new Uint8Array(20), parentHash: new Uint8Array(32) };
const state = new CodeStateReader({ [CHILD]: CHILD_CODE, [BURNER]: BURNER_CODE, [PARENT]: PARENT_CODE, [PAIRER]: PAIRER_CODE });
let plain: ExecutionVm;
let timed: ExecutionVm;

function request(to: string | undefined, data = ''): CallRequest {
  return { ...(to ? { to: hexToBytes(`0x${to}`) } : {}), data: hexToBytes(`0x${data.replace(/^0x/, '')}`) };
}

function run(execution: ExecutionVm, call: CallRequest, gasLimit: bigint, watchGasLimit = false): Promise<CallOutcome> {
  return runCall({ common, execution, state, environment, request: call, gasLimit, watchGasLimit });
}

beforeAll(async () => {
  plain = await createExecutionVm(common, state, () => undefined);
  timed = await createExecutionVm(common, state, () => undefined);
});

describe('runWithDeadline', () => {
  it.each([
    ['an endless loop', ENDLESS_LOOP],
    ['a loop of BN254 pairings', PAIRING_LOOP],
  ])('ends %s at the deadline with the timeout error', async (_name, code) => {
    const started = performance.now();
    const outcome = runWithDeadline(timed, deadlineIn(200), () => run(timed, request(undefined, code), 1_000_000_000n));
    await expect(outcome).rejects.toEqual(new ExecutionTimeoutError('call', 200));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(200);
    // Unchecked, either loop runs for tens of seconds at this gas.
    expect(elapsed).toBeLessThan(700);
  });

  it('stops a run past its time budget with TimeOverBudget, long before its timeout, and answers one within it', async () => {
    const budget = { precompileGasLimit: 20_000n, timeMs: 5 };
    const started = performance.now();
    const loop = runWithDeadline(timed, deadlineIn(60_000, budget), () => run(timed, request(undefined, ENDLESS_LOOP), 1_000_000_000n));
    await expect(loop).rejects.toEqual(new TimeOverBudget(5));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(5);
    expect(elapsed).toBeLessThan(200);
    // The same budget with the run's time cap of 0 (--rpc-evm-timeout 0: no cap) still moves it.
    await expect(runWithDeadline(timed, deadlineIn(0, budget), () => run(timed, request(undefined, ENDLESS_LOOP), 1_000_000_000n))).rejects.toEqual(
      new TimeOverBudget(5),
    );
    // A timeout shorter than the budget is the timeout.
    await expect(
      runWithDeadline(timed, deadlineIn(3, { precompileGasLimit: 20_000n, timeMs: 50 }), () => run(timed, request(undefined, ENDLESS_LOOP), 1_000_000_000n)),
    ).rejects.toEqual(new ExecutionTimeoutError('call', 3));
    // A budget that is not spent changes no answer (a loaded machine can take more than 5 ms for this one).
    const expected = await run(plain, request(PARENT), 1_000_000n);
    const roomy = deadlineIn(60_000, { precompileGasLimit: 20_000n, timeMs: 30_000 });
    expect(await runWithDeadline(timed, roomy, () => run(timed, request(PARENT), 1_000_000n))).toEqual(expected);
  });

  it('answers GAS, the 63/64 rule, precompile calls and watched runs exactly as without a deadline', async () => {
    const calls: Array<[CallRequest, bigint]> = [
      [request(undefined, CHILD_CODE), 100_000n],
      [request(PARENT), 1_000_000n],
      [request(PARENT), 50_000_000n],
      [request(PARENT), 25_000n],
      [request(PAIRER, BN254_GENERATOR_PAIR + BN254_GENERATOR_PAIR), 50_000_000n],
      [request(undefined, ENDLESS_LOOP), 1_000_000n],
    ];
    for (const [call, gasLimit] of calls) {
      for (const watch of [false, true]) {
        const expected = await run(plain, call, gasLimit, watch);
        const actual = await runWithDeadline(timed, deadlineIn(60_000, { precompileGasLimit: 500_000n }), () => run(timed, call, gasLimit, watch));
        expect(actual).toEqual(expected);
      }
    }
  });

  it('refuses a precompile run needing more than its gas budget, or failing, with PrecompileOverBudget', async () => {
    const budget = deadlineIn(60_000, { precompileGasLimit: 500_000n });
    // 20 pairs need 725,000 gas.
    await expect(runWithDeadline(timed, budget, () => run(timed, request(PAIRER, BN254_GENERATOR_PAIR.repeat(20)), 50_000_000n))).rejects.toBeInstanceOf(
      PrecompileOverBudget,
    );
    // A point off the curve: the precompile fails, using all the gas it is given.
    const offCurve = `${'1'.padStart(64, '0')}${'3'.padStart(64, '0')}${BN254_GENERATOR_PAIR.slice(128)}`;
    await expect(runWithDeadline(timed, budget, () => run(timed, request(PAIRER, offCurve), 50_000_000n))).rejects.toBeInstanceOf(PrecompileOverBudget);
    // Given no more than the budget, the same runs answer as without a deadline.
    for (const data of [BN254_GENERATOR_PAIR.repeat(20), offCurve]) {
      const expected = await run(plain, request(PAIRER, data), 400_000n);
      expect(await runWithDeadline(timed, budget, () => run(timed, request(PAIRER, data), 400_000n))).toEqual(expected);
    }
    // Without a budget, the 20 pairs run.
    const expected = await run(plain, request(PAIRER, BN254_GENERATOR_PAIR.repeat(20)), 50_000_000n);
    expect(await runWithDeadline(timed, deadlineIn(60_000), () => run(timed, request(PAIRER, BN254_GENERATOR_PAIR.repeat(20)), 50_000_000n))).toEqual(expected);
    expect(expected.success).toBe(true);
  });
});
