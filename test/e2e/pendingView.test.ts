/**
 * One pending view (issue 10, docs/ARCHITECTURE.md#one-pending-view), proven against the real node process
 * on LMDB: transactions sent at random phases of the sequencer's grid, and right after each
 * pre-confirmed receipt every `pending` read in one batch must agree with it (see
 * pendingViewProbe.ts for what is checked). Run with the default timing, with a 20 ms interval
 * and 1 s blocks (a boundary every few reads), and over WebSocket. A longer soak of the same
 * probe runs in `npm run fuzz` (test/fuzz/pendingView.fuzz.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { probePendingView } from './pendingViewProbe.js';
import { httpLink, webSocketLink } from './rpcLink.js';

afterAll(cleanupNodeProcesses);

describe('one pending view', () => {
  it('agrees with every pre-confirmed receipt, default timing, HTTP', async () => {
    const node = await startNodeProcess({ storage: 'temp' });
    const report = await probePendingView({ connect: async () => httpLink(node.url), senders: [1, 2, 3], transactionsPerSender: 25, preconfIntervalMs: 200 });
    expect(report.disagreements).toEqual([]);
    expect(report.transactions).toBe(75);
    // Transactions were followed across seals of their blocks, not only read while pre-confirmed.
    expect(report.sealsCrossed).toBeGreaterThan(0);
    await node.stop();
  }, 90_000);

  it('agrees with every pre-confirmed receipt across many boundaries (20 ms sub-blocks, 1 s blocks), HTTP', async () => {
    const node = await startNodeProcess({ storage: 'temp', args: ['--preconf-interval', '20', '--block-time', '1000'] });
    const report = await probePendingView({ connect: async () => httpLink(node.url), senders: [1, 2, 3, 4], transactionsPerSender: 35, preconfIntervalMs: 20 });
    expect(report.disagreements).toEqual([]);
    expect(report.transactions).toBe(140);
    expect(report.sealsCrossed).toBeGreaterThan(0);
    await node.stop();
  }, 90_000);

  it('agrees with every pre-confirmed receipt over WebSocket (20 ms sub-blocks, 1 s blocks)', async () => {
    const node = await startNodeProcess({ storage: 'temp', args: ['--preconf-interval', '20', '--block-time', '1000'] });
    const report = await probePendingView({ connect: () => webSocketLink(node.url), senders: [5, 6, 7], transactionsPerSender: 35, preconfIntervalMs: 20 });
    expect(report.disagreements).toEqual([]);
    expect(report.transactions).toBe(105);
    expect(report.sealsCrossed).toBeGreaterThan(0);
    await node.stop();
  }, 90_000);
});
