/**
 * Stalled public WebSocket clients neither slow the sequencer down nor grow the node past its
 * budget (issues 10 and 29; docs/guides/slow-consumers.md). The same burst of 12,000 transfers from a
 * dedicated client (an API key) on fresh LMDB nodes: without subscribers (before and after the
 * rest, so the machine's load at both ends is in the baseline), and with 10, 100 and 1,000
 * public clients (each from its own address) subscribed to newPreconfBlockTransactions (full),
 * newPendingTransactions (full), newPreconfSubBlocks, newHeads and newPreconfLogs that stop
 * reading before the burst. The node's WebSocket budget is 32 MiB.
 *
 * Asserted: every stalled client is dropped as a slow consumer; the sub-block gaps (median and
 * largest, from the node's own tick times) stay within 1.5× of the burst without them; the node's
 * peak RSS stays within the peak without them + the budget + the documented bound (64 KiB per
 * open connection + 48 MiB of garbage not yet collected). The event loop's shares are printed.
 * `npm run bench` runs the same scenario with the default budget.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { percentile } from '../../bench/lib/stats.js';
import type { Peer } from '../../bench/peers/types.js';
import { type BurstOutcome, describeBurst, largestGap, runBurst, STALLED_COUNTS, signBurst } from '../../bench/targets/stalled-subscribers.js';
import { cleanupNodeProcesses, startNodeProcess } from '../../src/testing/startNodeProcess.js';

afterAll(cleanupNodeProcesses);

const MIB = 1024 * 1024;
const BUDGET_BYTES = 32 * MIB;
/** The bound docs/guides/slow-consumers.md documents beyond the budget: per open connection, and the collector's lag. */
const PER_CONNECTION_BYTES = 64 * 1024;
const GARBAGE_BYTES = 48 * MIB;

async function startPeer(args: string[]): Promise<Peer> {
  const node = await startNodeProcess({ storage: 'temp', args: ['--accounts', '20', ...args] });
  return { name: 'Sequin', url: node.url, pid: node.process.pid!, startupMs: 0, stop: async () => void (await node.stop()) };
}

describe('stalled public WebSocket clients during a 12,000-transfer burst', () => {
  it('at 10, 100 and 1,000 clients, leave the sub-block cadence and the memory bound alone', async () => {
    const transactions = signBurst(12_000);
    const args = ['--ws-max-total-buffered-bytes', String(BUDGET_BYTES)];
    const burst = (stalled: number) => runBurst(startPeer, transactions, { stalled, args });
    const before = await burst(0);
    const stalled: Array<[number, BurstOutcome]> = [];
    for (const count of STALLED_COUNTS) stalled.push([count, await burst(count)]);
    const after = await burst(0);

    console.log(`without subscribers: ${describeBurst(before)}\n                 and: ${describeBurst(after)}`);
    for (const [count, outcome] of stalled) console.log(`${count} stalled clients: ${describeBurst(outcome)}`);
    const baselineMedian = Math.max(percentile(before.gaps, 50), percentile(after.gaps, 50));
    const baselineLargest = Math.max(largestGap(before), largestGap(after));
    const baselinePeakMiB = Math.max(before.rssPeakMiB, after.rssPeakMiB);
    for (const [count, outcome] of stalled) {
      expect(outcome.dropped, `${count} clients`).toBe(count);
      expect(percentile(outcome.gaps, 50), `median gap, ${count} clients`).toBeLessThanOrEqual(1.5 * baselineMedian);
      expect(largestGap(outcome), `largest gap, ${count} clients`).toBeLessThanOrEqual(1.5 * baselineLargest);
      const boundMiB = (BUDGET_BYTES + count * PER_CONNECTION_BYTES + GARBAGE_BYTES) / MIB;
      expect(outcome.rssPeakMiB - baselinePeakMiB, `peak RSS above the baseline, ${count} clients`).toBeLessThanOrEqual(boundMiB);
    }
  }, 900_000);
});
