// How a call worker is retired: a job past --rpc-evm-timeout fails with geth's time-out at once,
// and its thread is stopped (its job stops at the next deadline check inside the thread) instead of
// terminated, which inside the ECRECOVER precompile's native secp256k1 would abort the whole
// process; a busy worker is stopped alike when the lanes close.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExecutionTimeoutError } from '../../errors/ExecutionTimeoutError.js';
import { bytesToHex, hexToBytes } from '../../primitives/hex.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { ECRECOVER_LOOP, ENDLESS_LOOP } from '../../testing/longRunningPrograms.js';
import { NEWEST_VERSION } from '../PersistedStateReader.js';
import type { CallJob } from './CallJob.js';
import { WorkerLanes } from './WorkerLanes.js';

const TIMEOUT_MS = 300;
/**
 * So high that neither loop below runs out of gas before the worker's 2 s wait for a retired thread
 * is over (the endless loop runs ~1.9 s per 50M gas): a thread that did not stop by itself is terminated.
 */
const GAS_CAP = 2_000_000_000n;
/** PUSH1 1, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN: returns the word 1. */
const RETURN_ONE = '0x600160005260206000f3';

let chain: TestChain;
let lanes: WorkerLanes;
const outcomes: string[] = [];

function callJob(code: string): CallJob {
  return {
    kind: 'call',
    request: { data: hexToBytes(code as `0x${string}`) },
    version: NEWEST_VERSION,
    epoch: 0,
    environment: { number: 1n, timestamp: 1n, gasLimit: 30_000_000n, baseFeePerGas: 0n, coinbase: new Uint8Array(20), parentHash: new Uint8Array(32) },
    gasCap: GAS_CAP,
  };
}

/**
 * The retirements reported so far, once any still under way have ended: a retired thread is
 * terminated 2 s after it was asked to stop, so anything not reported 3 s after the last time-out
 * did not happen. (When the worker answers the time-out before the main thread's timer fires, the
 * worker is kept and nothing is reported: its job stopped by itself.)
 */
async function retirementsSettled(): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  return outcomes.slice();
}

function lanesWith(callTimeoutMs: number, onRetired: (outcome: string) => void): WorkerLanes {
  return new WorkerLanes({
    dataDir: chain.config.dataDir,
    chainId: chain.config.chainId,
    rules: {},
    slots: 1,
    callTimeoutMs,
    niceness: () => 0,
    heapLimitMiB: 256,
    onRetired,
  });
}

beforeAll(async () => {
  chain = await createTestChain({ ephemeral: false }, { start: false });
  lanes = lanesWith(TIMEOUT_MS, (outcome) => outcomes.push(outcome));
});

afterAll(async () => {
  await lanes?.close(new Error('closed'));
  await chain?.close();
});

describe('retiring a call worker', () => {
  it('answers a call past the time-out with the time-out, and the thread is never terminated', async () => {
    // Past the worker's start-up, which the time-out does not count.
    expect(bytesToHex((await lanes.run(0, callJob(RETURN_ONE))) as Uint8Array)).toBe(`0x${'00'.repeat(31)}01`);
    const started = performance.now();
    await expect(lanes.run(0, callJob(`0x${ENDLESS_LOOP}`))).rejects.toThrow(new ExecutionTimeoutError('call', TIMEOUT_MS));
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 1_000);
    expect(await retirementsSettled()).not.toContain('terminated');
    // The slot's worker (a fresh one, or the same with a fresh VM) answers the next call.
    expect(bytesToHex((await lanes.run(0, callJob(RETURN_ONE))) as Uint8Array)).toBe(`0x${'00'.repeat(31)}01`);
  });

  it('stops threads timed out inside an ECRECOVER loop without terminating them, and the process lives on', async () => {
    for (let round = 0; round < 8; round++) {
      await expect(lanes.run(0, callJob(`0x${ECRECOVER_LOOP}`))).rejects.toThrow(new ExecutionTimeoutError('call', TIMEOUT_MS));
    }
    expect(await retirementsSettled()).not.toContain('terminated');
    expect(bytesToHex((await lanes.run(0, callJob(RETURN_ONE))) as Uint8Array)).toBe(`0x${'00'.repeat(31)}01`);
  });

  it('on close, fails the running job and stops its thread mid-job, long before its time-out', async () => {
    const closed: string[] = [];
    const closing = lanesWith(60_000, (outcome) => closed.push(outcome));
    // Past the worker's start-up (a first call), so the loop is running when the lanes close.
    await closing.run(0, callJob(RETURN_ONE));
    const running = closing.run(0, callJob(`0x${ECRECOVER_LOOP}`)).then(
      () => undefined,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closeStarted = performance.now();
    await closing.close(new Error('the node is stopping'));
    expect(await running).toEqual(new Error('the node is stopping'));
    // Stopped by its stop signal, not terminated at the 2 s wait's end.
    expect(closed).toEqual(['stopped']);
    expect(performance.now() - closeStarted).toBeLessThan(1_500);
  });
});
