/**
 * Stalled WebSocket subscribers neither slow the sequencer down nor grow the node past its
 * budget (issue 10; `npm run bench` measures the full scenario, 100 subscribers and 30,000
 * transfers, in bench/targets/stalled-subscribers.ts). Here, loosely: the same burst of 4,000
 * transfers on two fresh LMDB nodes, without subscribers and with 20 that stop reading (full
 * transaction payloads), the node's WebSocket budget set to 16 MiB. With them, sub-blocks keep
 * their cadence (median gap within 2× + 100 ms, largest within 3× + 1 s of the run without) and
 * the node's RSS grows by at most the budget plus 64 MiB more than without them; stalled
 * subscribers are dropped as slow consumers once the budget is used up.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { percentile } from '../../bench/lib/stats.js';
import type { Peer } from '../../bench/peers/types.js';
import { runBurst, signBurst } from '../../bench/targets/stalled-subscribers.js';
import { cleanupNodeProcesses, startNodeProcess } from '../../src/testing/startNodeProcess.js';

afterAll(cleanupNodeProcesses);

const BUDGET_MIB = 16;

async function startPeer(args: string[]): Promise<Peer> {
  const node = await startNodeProcess({
    storage: 'temp',
    args: ['--accounts', '20', '--ws-max-total-buffered-bytes', String(BUDGET_MIB * 1024 * 1024), ...args],
  });
  return { name: 'Sequin', url: node.url, pid: node.process.pid!, startupMs: 0, stop: async () => void (await node.stop()) };
}

describe('stalled WebSocket subscribers during a burst', () => {
  it('leave the sub-block cadence and the memory bound alone', async () => {
    const transactions = signBurst(4_000);
    const none = await runBurst(startPeer, transactions, 0);
    const stalled = await runBurst(startPeer, transactions, 20);

    // The budget was used up: some of them were dropped (those left fit in it).
    expect(stalled.dropped).toBeGreaterThan(0);
    expect(percentile(stalled.gaps, 50)).toBeLessThanOrEqual(2 * percentile(none.gaps, 50) + 100);
    expect(Math.max(...stalled.gaps)).toBeLessThanOrEqual(3 * Math.max(...none.gaps) + 1_000);
    expect(stalled.rssGrowthMiB - none.rssGrowthMiB).toBeLessThanOrEqual(BUDGET_MIB + 64);
  }, 180_000);
});
