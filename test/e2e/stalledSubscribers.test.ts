/**
 * Stalled public WebSocket clients neither slow the sequencer down nor grow the node past its
 * budget (issues 10 and 29; docs/guides/slow-consumers.md). For 10, 100 and 1,000 public clients
 * (each from its own address) subscribed to newPreconfBlockTransactions (full),
 * newPendingTransactions (full), newPreconfSubBlocks, newHeads and newPreconfLogs that stop reading:
 * two fresh LMDB nodes at once, one with the clients and one without, both set up before either
 * starts, take the same burst of 12,000 transfers from a dedicated client (an API key). Whatever
 * else loads the machine (the other test files) loads both alike. The node's WebSocket budget is
 * 32 MiB.
 *
 * Asserted for each pair: every stalled client is dropped as a slow consumer; the sub-block gaps
 * (median and largest, from the node's own tick times) stay within 1.5× of the node without them;
 * the node's peak RSS stays within the peak without them + the budget + the documented bound
 * (64 KiB per open connection + 48 MiB of garbage not yet collected). The event loop's shares are
 * printed. `npm run bench` runs the same pairs with the default budget.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { percentile } from '../../bench/lib/stats.js';
import type { Peer } from '../../bench/peers/types.js';
import { describeBurst, largestGap, runPairedBursts, STALLED_COUNTS, signBurst } from '../../bench/targets/stalled-subscribers.js';
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
  const transactions = signBurst(12_000);
  const args = ['--ws-max-total-buffered-bytes', String(BUDGET_BYTES)];

  it.each(STALLED_COUNTS)(
    '%i clients leave the sub-block cadence and the memory bound alone',
    async (count) => {
      const { none, stalled } = await runPairedBursts(startPeer, transactions, { stalled: count, args });
      console.log(`without subscribers: ${describeBurst(none)}\n${count} stalled clients: ${describeBurst(stalled)}`);
      expect(stalled.dropped).toBe(count);
      expect(percentile(stalled.gaps, 50), 'median gap').toBeLessThanOrEqual(1.5 * percentile(none.gaps, 50));
      expect(largestGap(stalled), 'largest gap').toBeLessThanOrEqual(1.5 * largestGap(none));
      const boundMiB = (BUDGET_BYTES + count * PER_CONNECTION_BYTES + GARBAGE_BYTES) / MIB;
      expect(stalled.rssPeakMiB - none.rssPeakMiB, 'peak RSS above the node without them').toBeLessThanOrEqual(boundMiB);
    },
    // One paired run is one sample of a largest gap, which other test files running beside it on
    // two cores can stretch for either node; a failure is measured once more, with the same bounds.
    { timeout: 300_000, retry: 1 },
  );
});
