/**
 * eth_call in a worker thread (LMDB storage): an endless loop burning the whole 50M gas cap
 * (~1.9 s of EVM) no longer holds the event loop, so a transaction sent meanwhile is still
 * pre-confirmed within about one interval; a loop longer than --rpc-evm-timeout is aborted with
 * geth's error and the node keeps answering.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { pollUntil, rpc, rpcResult, viemClients } from './helpers.js';

/** JUMPDEST; PUSH1 0; JUMP as init code: loops until the gas runs out. */
const ENDLESS_LOOP = '0x5b600056';

let node: NodeProcess;

beforeAll(async () => {
  // The endless loop burns the 50M gas cap in ~2 s on an idle machine; under a loaded test run it
  // can take longer than the default 5 s time cap, which is tested separately below.
  node = await startNodeProcess({ storage: 'temp', args: ['--rpc-evm-timeout', '25000'] });
});
afterAll(cleanupNodeProcesses);

describe('eth_call in a worker thread', () => {
  it('pre-confirms a transaction while an endless-loop eth_call runs', async () => {
    // Warm the worker up, so the timing below measures the loop, not the worker's start-up.
    expect(await rpcResult(node.url, 'eth_call', [{ data: '0x600160005260206000f3' }, 'pending'])).toBe(`0x${'00'.repeat(31)}01`);
    const callStarted = performance.now();
    const loop = rpc(node.url, 'eth_call', [{ data: ENDLESS_LOOP }, 'pending']).then((response) => ({ response, elapsed: performance.now() - callStarted }));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const { walletClient } = viemClients(node.url);
    const sentAt = performance.now();
    // No gas limit: viem estimates it, and a value transfer's estimate is answered on the main
    // thread, so it does not queue behind the loop in the single worker.
    const hash = await walletClient.sendTransaction({ to: privateKeyToAddress(generatePrivateKey()), value: parseEther('0.1') });
    const receipt = await pollUntil(() => rpcResult<{ status: Hex } | null>(node.url, 'eth_getTransactionReceipt', [hash]), {
      intervalMs: 20,
      timeoutMs: 5_000,
      what: 'the receipt',
    });
    const preconfirmedAfter = performance.now() - sentAt;
    const { response, elapsed } = await loop;

    expect(receipt.status).toBe('0x1');
    expect(preconfirmedAfter).toBeLessThan(1_000);
    // The call was still running when the receipt appeared: it burnt the gas cap, off the main thread.
    expect(response.error).toMatchObject({ code: -32000, message: 'out of gas' });
    expect(elapsed).toBeGreaterThan(preconfirmedAfter + 100);
  });

  it('aborts a call beyond --rpc-evm-timeout with "execution aborted (timeout = …)"; the next call works', async () => {
    const capped = await startNodeProcess({ storage: 'temp', args: ['--rpc-evm-timeout', '300'] });
    const started = performance.now();
    const aborted = await rpc(capped.url, 'eth_call', [{ data: ENDLESS_LOOP }, 'latest']);
    expect(aborted.error).toEqual({ code: -32000, message: 'execution aborted (timeout = 300ms)' });
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(await rpcResult(capped.url, 'eth_call', [{ data: '0x600160005260206000f3' }, 'latest'])).toBe(`0x${'00'.repeat(31)}01`);
    await capped.stop();
  });

  it.runIf(process.platform === 'linux')('names the worker threads sequin-call-<slot>, as top -H and ps -L show them', async () => {
    expect(await rpcResult(node.url, 'eth_call', [{ data: '0x600160005260206000f3' }, 'latest'])).toBe(`0x${'00'.repeat(31)}01`);
    const pid = node.process.pid!;
    const names = readdirSync(`/proc/${pid}/task`).map((tid) => readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim());
    expect(names).toContain('sequin-call-0');
    expect(names.filter((name) => name.startsWith('sequin-call-')).length).toBeLessThanOrEqual(2);
  });
});
