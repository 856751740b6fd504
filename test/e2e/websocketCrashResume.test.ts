/**
 * A pre-confirmation is a promise that survives a crash, and so does a subscriber's place in the
 * stream: a client that saw part of a burst over newPreconfBlockTransactions, then lost the node
 * to kill -9, resumes from its last cursor on the restarted node and receives exactly the rest,
 * in the same order, at the same positions.
 */
import type { Hex } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { signTransfer } from './helpers.js';
import { rpcBatch } from './transferLoad.js';
import { connectWs } from './wsClient.js';

afterAll(cleanupNodeProcesses);

describe('resuming newPreconfBlockTransactions across kill -9', () => {
  it('replays, after the restart, exactly what followed the cursor before the crash', async () => {
    const node = await startNodeProcess({ storage: 'temp' });
    const before = await connectWs(node.url);
    const id = await before.subscribe('newPreconfBlockTransactions', { full: true });
    const raws: Hex[] = [];
    for (let i = 0; i < 40; i++) raws.push(await signTransfer(i % 4, Math.floor(i / 4)));
    await rpcBatch(
      node.url,
      raws.map((raw) => ['eth_sendRawTransaction', [raw]]),
    );
    const seen = await before.waitFor(id, 40);

    // The client kept only the first 20; then the node dies without a chance to shut down.
    const cursor = seen[19]!.cursor!;
    await node.kill9();
    const restarted = await startNodeProcess({ storage: { dataDir: node.dataDir! } });

    const after = await connectWs(restarted.url);
    const resumed = await after.subscribe('newPreconfBlockTransactions', {
      full: true,
      after: { blockNumber: cursor.blockNumber, transactionIndex: cursor.transactionIndex },
    });
    const replayed = await after.waitFor(resumed, 20);
    expect(replayed.map((n) => [(n.result as { hash: Hex }).hash, n.cursor])).toEqual(seen.slice(20).map((n) => [(n.result as { hash: Hex }).hash, n.cursor]));
    for (const [index, notification] of replayed.entries()) {
      const original = seen[20 + index]!.result as Record<string, unknown>;
      expect(notification.result).toMatchObject({ status: original.status, gasUsed: original.gasUsed, cumulativeGasUsed: original.cumulativeGasUsed });
    }
    after.close();
  });
});
