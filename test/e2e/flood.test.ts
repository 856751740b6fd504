/**
 * A flood of huge batches against the real process: 64 clients each send 4.5 MB batches of 1,000
 * calls, plus bodies over the size limit, while a probe keeps asking for the block number. The
 * node's peak memory (VmHWM) must stay bounded, whatever the number of requests, because bodies
 * share one in-flight byte budget (past it: HTTP 503 + Retry-After); sub-blocks keep being sealed
 * and the probe keeps being answered.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { rpcResult } from './helpers.js';

afterAll(cleanupNodeProcesses);

/** Resident and peak resident memory of a process, in MiB (Linux /proc). */
function memoryMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

const HUGE_BATCH = JSON.stringify(
  Array.from({ length: 1000 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_getBalance', params: [`0x${'11'.repeat(20)}`, 'latest', 'f'.repeat(4400)] })),
);
const OVERSIZED = 'x'.repeat(6 * 1024 * 1024);

async function post(url: string, body: string): Promise<number | 'reset'> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'reset'; // the node closes the connection after a 413 or 503 while the client still writes
  }
}

describe.runIf(process.platform === 'linux')('a flood of huge batches', () => {
  it('leaves memory bounded and the node responsive', async () => {
    const node = await startNodeProcess({ args: ['--max-inflight-bytes', String(32 * 1024 * 1024)] });
    const pid = node.process.pid!;
    const startBlock = Number(await rpcResult<string>(node.url, 'eth_blockNumber'));
    const baseline = memoryMiB(pid);

    let probing = true;
    const probeLatencies: number[] = [];
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        await rpcResult(node.url, 'eth_blockNumber');
        probeLatencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const statuses = new Map<number | 'reset', number>();
    const peaks: number[] = [];
    const floodStarted = performance.now();
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        Array.from({ length: 64 }, async (_, client) => [await post(node.url, HUGE_BATCH), client % 16 === 0 ? await post(node.url, OVERSIZED) : 413] as const),
      );
      for (const status of results.flat()) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      peaks.push(memoryMiB(pid).peak);
    }
    const floodMs = performance.now() - floodStarted;
    probing = false;
    await probe;

    // Every request got an answer: served, too large, or busy (and never a crash).
    expect(
      [...statuses.keys()].every((status) => status === 200 || status === 413 || status === 503 || status === 'reset'),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(node.process.exitCode).toBeNull();
    // Bounded: the peak does not keep climbing round after round, and stays well below what 64 × 4.5 MB bodies and their parsed batches take unbudgeted (~400 MiB over baseline, measured).
    expect(peaks[2]! - peaks[0]!, `peaks ${peaks.map(Math.round)} MiB, baseline ${Math.round(baseline.rss)} MiB`).toBeLessThan(150);
    expect(peaks[2]! - baseline.rss, `peaks ${peaks.map(Math.round)} MiB, baseline ${Math.round(baseline.rss)} MiB`).toBeLessThan(300);
    // Responsive: the probe was answered all along, and blocks kept being sealed.
    expect(probeLatencies.length).toBeGreaterThan(3);
    const answered = performance.now();
    const endBlock = Number(await rpcResult<string>(node.url, 'eth_blockNumber'));
    expect(performance.now() - answered).toBeLessThan(300);
    if (floodMs > 4_000) expect(endBlock).toBeGreaterThan(startBlock);
    await node.stop();
  }, 120_000);
});
