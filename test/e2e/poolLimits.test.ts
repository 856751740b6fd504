/**
 * The pool's documented limits against the real process, with small ones: --txpool-global-slots
 * (pending), --txpool-global-queue (queued, future nonces) and --txpool-account-queue hold after
 * every send — new senders, gaps opened, gaps filled (promotion), replacements, and evictions of
 * cheaper txs — and every refusal is one of geth's errors. The genesis base fee is far above the
 * txs' fee caps, so nothing is pre-confirmed and the pool only fills.
 */
import type { Hex } from 'viem';
import { parseGwei } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, rpc, rpcResult } from './helpers.js';

const SLOTS = 8;
const QUEUE = 4;
const ACCOUNT_QUEUE = 3;
const ACCEPTED_REFUSALS = [/^transaction underpriced$/, /^txpool is full$/, /^account limit exceeded: /, /^replacement transaction underpriced$/];

let node: NodeProcess;
beforeAll(async () => {
  node = await startNodeProcess({
    args: [
      ...['--txpool-global-slots', String(SLOTS), '--txpool-global-queue', String(QUEUE)],
      ...['--txpool-account-queue', String(ACCOUNT_QUEUE), '--txpool-account-slots', '2'],
      ...['--base-fee', String(parseGwei('1000'))],
    ],
  });
});
afterAll(cleanupNodeProcesses);

/** A transfer from dev account `sender` at `nonce`, tipping `tipGwei` (fee cap below the base fee: never included). */
function transfer(sender: number, nonce: number, tipGwei: number): Promise<Hex> {
  const tip = parseGwei(String(tipGwei));
  return DEV_ACCOUNTS[sender]!.signTransaction({
    chainId: 31337,
    type: 'eip1559',
    nonce,
    to: '0x000000000000000000000000000000000000dEaD',
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: tip + parseGwei('1'),
    maxPriorityFeePerGas: tip,
  });
}

describe('pool limits (small ones), real process', () => {
  it('never holds more pending than --txpool-global-slots, nor more queued than --txpool-global-queue', { timeout: 120_000 }, async () => {
    // Sends in a fixed pseudo-random order: senders, nonces (gaps, gap fills, replacements) and tips.
    let seed = 7;
    // mulberry32: small, seeded, uniform enough.
    const random = (below: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % below;
    };
    const outcomes = { accepted: 0, evictions: 0, refused: new Map<string, number>() };
    let before = { pending: 0, queued: 0, total: 0 };
    for (let step = 0; step < 300; step++) {
      const sender = random(10);
      const nonce = random(8);
      const raw = await transfer(sender, nonce, 1 + random(40));
      const answer = await rpc(node.url, 'eth_sendRawTransaction', [raw]);
      const status = await rpcResult<{ pending: Hex; queued: Hex }>(node.url, 'txpool_status');
      const now = { pending: Number(status.pending), queued: Number(status.queued), total: 0 };
      now.total = now.pending + now.queued;
      expect(now.pending, `step ${step}: pending`).toBeLessThanOrEqual(SLOTS);
      expect(now.queued, `step ${step}: queued`).toBeLessThanOrEqual(QUEUE);
      if (answer.error) {
        expect(answer.error.code).toBe(-32000);
        if (answer.error.message !== 'already known') {
          expect(
            ACCEPTED_REFUSALS.some((pattern) => pattern.test(answer.error!.message)),
            answer.error.message,
          ).toBe(true);
        }
        outcomes.refused.set(answer.error.message, (outcomes.refused.get(answer.error.message) ?? 0) + 1);
        expect(now, `step ${step}: a refusal changes nothing`).toEqual(before);
      } else {
        outcomes.accepted++;
        if (now.total <= before.total) outcomes.evictions++;
      }
      before = now;
    }
    // The run reached every limit and evicted on the way.
    expect(before.pending).toBe(SLOTS);
    expect(before.queued).toBe(QUEUE);
    expect(outcomes.evictions).toBeGreaterThan(0);
    expect(outcomes.refused.get('transaction underpriced')).toBeGreaterThan(0);

    // txpool_content agrees with the counts, and each sender queues at most --txpool-account-queue.
    const content = await rpcResult<{ pending: Record<string, Record<string, unknown>>; queued: Record<string, Record<string, unknown>> }>(
      node.url,
      'txpool_content',
    );
    const count = (group: Record<string, Record<string, unknown>>) => Object.values(group).reduce((sum, txs) => sum + Object.keys(txs).length, 0);
    expect({ pending: count(content.pending), queued: count(content.queued) }).toEqual({ pending: SLOTS, queued: QUEUE });
    for (const txs of Object.values(content.queued)) expect(Object.keys(txs).length).toBeLessThanOrEqual(ACCOUNT_QUEUE);
  });
});
