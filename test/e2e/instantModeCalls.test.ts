/**
 * Calls and estimates of a node mining in `instant` mode run on its main thread (no worker thread
 * is started for them), with --rpc-evm-timeout still enforced: an endless loop, and a loop of
 * BN254 pairings, end with geth's "execution aborted (timeout = …)" at the cap, and a request sent
 * meanwhile is answered after it; a call whose one precompile run could outlast the cap runs in
 * a worker. Switching to interval mining at run time moves them to the
 * worker threads, and every answer (GAS, the 63/64 rule, an estimate that depends on both) is the
 * same on either side.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as longRunning from '../../src/testing/longRunningPrograms.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { rpc, rpcResult } from './helpers.js';

const TIMEOUT_MS = 500;
/** So high that the loops below always meet the time cap first (an endless loop burns 50M gas in ~2 s). */
const GAS_CAP = '1000000000';

const ENDLESS_LOOP = `0x${longRunning.ENDLESS_LOOP}`;
const PAIRING_LOOP = `0x${longRunning.PAIRING_LOOP}`;
const PAIR = longRunning.BN254_GENERATOR_PAIR;

const CHILD = '0x00000000000000000000000000000000000000c1';
const BURNER = '0x00000000000000000000000000000000000000b1';
const PARENT = '0x00000000000000000000000000000000000000a1';
const CHILD_CODE = `0x${longRunning.RETURN_GAS}`;
const BURNER_CODE = `0x${longRunning.COUNT_DOWN}`;
const PARENT_CODE = `0x${longRunning.callBothWithAllGas(BURNER.slice(2), CHILD.slice(2))}`;
const OVERRIDES = { [CHILD]: { code: CHILD_CODE }, [BURNER]: { code: BURNER_CODE }, [PARENT]: { code: PARENT_CODE } };

let node: NodeProcess;

function callWorkerThreads(): string[] {
  const pid = node.process.pid!;
  return readdirSync(`/proc/${pid}/task`)
    .map((tid) => readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim())
    .filter((name) => name.startsWith('sequin-call-'));
}

/** The answers that must not depend on the thread: GAS at the top, GAS after two calls, and estimates over them. */
async function answers(block: string): Promise<unknown[]> {
  const requests: Array<[string, unknown[]]> = [
    ['eth_call', [{ data: CHILD_CODE, gas: '0x186a0' }, block]],
    ['eth_call', [{ to: PARENT, gas: '0xf4240' }, block, OVERRIDES]],
    ['eth_call', [{ to: PARENT }, block, OVERRIDES]],
    ['eth_estimateGas', [{ to: PARENT }, block, OVERRIDES]],
    ['eth_estimateGas', [{ to: BURNER }, block, OVERRIDES]],
    ['eth_estimateGas', [{ data: CHILD_CODE }, block]],
    // 4,000 gas past the intrinsic: BURNER runs out of what it is forwarded, and PARENT reverts.
    ['eth_call', [{ to: PARENT, gas: '0x61a8' }, block, OVERRIDES]],
  ];
  const responses = [];
  for (const [method, params] of requests) {
    const { result, error } = await rpc(node.url, method, params);
    responses.push(error ?? result);
  }
  return responses;
}

beforeAll(async () => {
  // Prague: Osaka's transaction gas cap (EIP-7825, 2^24) bounds an estimate's runs, and a fast machine runs the
  // endless loop out of 2^24 gas inside the time-out; under Prague an estimate may use the block's 150M.
  node = await startNodeProcess({ args: ['--mining', 'instant', '--hardfork', 'prague', '--rpc-evm-timeout', String(TIMEOUT_MS), '--rpc-gas-cap', GAS_CAP] });
});
afterAll(cleanupNodeProcesses);

describe('calls on the main thread in instant mode', () => {
  it.each([
    ['an endless loop', ENDLESS_LOOP],
    ['a loop of BN254 pairings', PAIRING_LOOP],
  ])("ends %s at --rpc-evm-timeout with geth's error; a request sent meanwhile is answered after it", async (_name, data) => {
    const started = performance.now();
    const call = rpc(node.url, 'eth_call', [{ data }, 'latest']).then((response) => ({ response, elapsed: performance.now() - started }));
    const estimate = rpc(node.url, 'eth_estimateGas', [{ data }, 'latest']);
    const blockNumber = rpc(node.url, 'eth_blockNumber').then((response) => ({ response, elapsed: performance.now() - started }));
    const [{ response, elapsed }, estimated, other] = await Promise.all([call, estimate, blockNumber]);
    expect(response.error).toEqual({ code: -32000, message: 'execution aborted (timeout = 500ms)' });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS);
    // The loops would run for tens of seconds at this gas cap.
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1_000);
    expect((await estimated).error).toEqual({ code: -32000, message: 'execution aborted (timeout = 500ms)' });
    expect(other.response.result).toMatch(/^0x[0-9a-f]+$/);
  });

  it.runIf(process.platform === 'linux')(
    'answers calls and estimates without starting a worker thread, and as the workers answer them after a switch to interval mining',
    async () => {
      expect(await rpcResult(node.url, 'eth_call', [{ data: '0x600160005260206000f3' }, 'latest'])).toBe(`0x${'00'.repeat(31)}01`);
      const block = await rpcResult<string>(node.url, 'eth_blockNumber');
      const onMainThread = await answers(block);
      expect(callWorkerThreads()).toEqual([]);
      // The answers are real ones: GAS read below the request's gas, a revert for too little gas, estimates above 21,000.
      expect(BigInt(onMainThread[0] as string)).toBeGreaterThan(40_000n);
      expect(BigInt(onMainThread[0] as string)).toBeLessThan(100_000n);
      expect(BigInt(onMainThread[1] as string)).toBeLessThan(1_000_000n);
      expect(BigInt(onMainThread[3] as string)).toBeGreaterThan(21_000n);
      expect((onMainThread[6] as { message: string }).message).toMatch(/revert/);

      expect((await rpc(node.url, 'evm_setIntervalMining', [1])).error).toBeUndefined();
      const inWorkers = await answers(block);
      expect(callWorkerThreads()).toContain('sequin-call-0');
      expect(inWorkers).toEqual(onMainThread);

      expect((await rpc(node.url, 'evm_setAutomine', [true])).error).toBeUndefined();
      expect(await answers(block)).toEqual(onMainThread);
    },
  );

  it('runs a call whose one precompile run is too long for the main thread in a worker, where the time-out ends it', async () => {
    // One pairing of 1,000 pairs: 34M gas, ~15 s of JavaScript that nothing could stop on the main thread.
    const started = performance.now();
    const aborted = await rpc(node.url, 'eth_call', [{ to: '0x0000000000000000000000000000000000000008', data: `0x${PAIR.repeat(1_000)}` }, 'latest']);
    expect(aborted.error).toEqual({ code: -32000, message: 'execution aborted (timeout = 500ms)' });
    expect(performance.now() - started).toBeLessThan(5_000);
    // Two pairs are answered (on the main thread).
    expect(await rpcResult(node.url, 'eth_call', [{ to: '0x0000000000000000000000000000000000000008', data: `0x${PAIR}${PAIR}` }, 'latest'])).toBe(
      `0x${'00'.repeat(32)}`,
    );
  });
});
