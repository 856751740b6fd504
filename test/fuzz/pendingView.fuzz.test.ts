/**
 * The one-pending-view probe (test/e2e/pendingViewProbe.ts) as a soak: thousands of transactions
 * over HTTP and WebSocket at once against one LMDB node with 20 ms sub-blocks and 1 s blocks.
 * Runs only in `npm run fuzz` (SEQUIN_FUZZ_RUNS set: a twentieth of it per sender, so 500 with
 * the default 10,000); `npm test` runs the short proof in test/e2e/pendingView.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzTimeoutMs } from '../../src/testing/fuzzParameters.js';
import { cleanupNodeProcesses, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { probePendingView } from '../e2e/pendingViewProbe.js';
import { httpLink, webSocketLink } from '../e2e/rpcLink.js';

afterAll(cleanupNodeProcesses);

const runs = Number(process.env.SEQUIN_FUZZ_RUNS);

describe.runIf(Number.isSafeInteger(runs) && runs > 0)('one pending view (soak)', () => {
  it(
    'agrees with every pre-confirmed receipt, HTTP and WebSocket clients at once',
    async () => {
      const node = await startNodeProcess({ storage: 'temp', args: ['--preconf-interval', '20', '--block-time', '1000'] });
      const transactionsPerSender = Math.max(10, Math.ceil(runs / 20));
      const [overHttp, overWebSocket] = await Promise.all([
        probePendingView({ connect: async () => httpLink(node.url), senders: [1, 2, 3, 4], transactionsPerSender, preconfIntervalMs: 20 }),
        probePendingView({ connect: () => webSocketLink(node.url), senders: [5, 6, 7, 8], transactionsPerSender, preconfIntervalMs: 20 }),
      ]);
      expect([...overHttp.disagreements, ...overWebSocket.disagreements]).toEqual([]);
      expect(overHttp.transactions + overWebSocket.transactions).toBe(8 * transactionsPerSender);
      await node.stop();
    },
    fuzzTimeoutMs(120_000),
  );
});
