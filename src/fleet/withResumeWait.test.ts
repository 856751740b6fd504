import { describe, expect, it } from 'vitest';
import type { RpcBackend } from '../rpc/backend.js';
import type { MethodDefinition, ServerInfo } from '../rpc/server/MethodDefinition.js';
import type { RequestContext } from '../rpc/server/RequestContext.js';
import type { ChainView } from '../sequencer/ChainView.js';
import { withResumeWait } from './withResumeWait.js';

/** A node whose open block (number, pre-confirmed txs) tests move on, and an eth_subscribe that records what it started from. */
function fixture(options: { open: [number, number]; sequencerOpen?: number; intervalMs?: number }) {
  let open = { number: options.open[0], transactionCount: options.open[1] };
  const started: Array<{ open: [number, number]; afterMs: number }> = [];
  const begin = Date.now();
  const subscribe = {
    name: 'eth_subscribe',
    params: [],
    handler: () => {
      started.push({ open: [open.number, open.transactionCount], afterMs: Date.now() - begin });
      return '0x1';
    },
  } as unknown as MethodDefinition;
  let asked = 0;
  const [wrapped] = withResumeWait([subscribe], {
    views: { current: () => ({ open }) as unknown as ChainView },
    sequencing: () => false,
    intervalMs: options.intervalMs ?? 50,
    timeoutMs: 2_000,
    sequencerOpenBlock: async () => {
      asked++;
      return options.sequencerOpen;
    },
  });
  const context = { session: {}, tier: 'public' } as unknown as RequestContext;
  return {
    subscribe: (params: unknown[]) => wrapped!.handler({} as RpcBackend, params as never, context, {} as ServerInfo),
    moveTo: (number: number, transactionCount: number) => {
      open = { number, transactionCount };
    },
    started,
    asked: () => asked,
  };
}

const resumeAfter = (blockNumber: number, transactionIndex: number) => ({
  after: { blockNumber: `0x${blockNumber.toString(16)}`, transactionIndex: `0x${transactionIndex.toString(16)}` },
});

describe('withResumeWait', () => {
  it('a resume cursor this node reaches within one interval starts the subscription once it holds the cursor’s tx', async () => {
    const node = fixture({ open: [5, 1], intervalMs: 200 });
    setTimeout(() => node.moveTo(5, 3), 40);
    await node.subscribe(['newPreconfBlockTransactions', resumeAfter(5, 2)]);
    expect(node.started).toEqual([{ open: [5, 3], afterMs: expect.any(Number) }]);
    expect(node.started[0]!.afterMs).toBeGreaterThanOrEqual(30);
    expect(node.asked()).toBe(0);
  });

  it('still behind after one interval, a cursor the sequencer has reached is waited for until this node applies its block', async () => {
    const node = fixture({ open: [4, 0], sequencerOpen: 5, intervalMs: 50 });
    setTimeout(() => node.moveTo(5, 1), 250);
    await node.subscribe(['newPreconfBlockTransactions', resumeAfter(5, 0)]);
    expect(node.asked()).toBe(1);
    expect(node.started.map((start) => start.open)).toEqual([[5, 1]]);
  });

  it('a cursor beyond the sequencer’s chain is not waited for past one interval: the subscription refuses it as the sequencer would', async () => {
    const node = fixture({ open: [4, 0], sequencerOpen: 4, intervalMs: 50 });
    await node.subscribe(['newPreconfBlockTransactions', resumeAfter(9, 0)]);
    expect(node.asked()).toBe(1);
    expect(node.started.map((start) => start.open)).toEqual([[4, 0]]);
    expect(node.started[0]!.afterMs).toBeLessThan(1_000);
  });

  it('subscriptions without a cursor, and cursors this node holds, start at once', async () => {
    const node = fixture({ open: [7, 4], intervalMs: 1_000 });
    await node.subscribe(['newPreconfBlockTransactions']);
    await node.subscribe(['newHeads']);
    await node.subscribe(['newPreconfBlockTransactions', resumeAfter(7, 3)]);
    await node.subscribe(['newPreconfBlockTransactions', resumeAfter(6, 90)]);
    expect(node.started).toHaveLength(4);
    expect(Math.max(...node.started.map((start) => start.afterMs))).toBeLessThan(500);
    expect(node.asked()).toBe(0);
  });
});
