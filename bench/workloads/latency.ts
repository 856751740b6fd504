/**
 * Latency under steady load: an open-loop, timer-driven offered load of 1,000 transfers/s for
 * 5 s (quick: 1 s). Transaction k is due at t0 + k ms whether or not the node has kept up,
 * and its latency is measured from that due time (so a backlog shows up as latency instead
 * of silently lowering the load):
 * - submit: due → eth_sendRawTransaction reply;
 * - receipt: due → first batch poll (every ~10 ms, one poll in flight) that returns its receipt.
 * With Hardhat's automine the receipt exists once the send returns; Sequin pre-confirms
 * every ~200 ms. Senders rotate round-robin and each sender's txs go out in nonce order
 * (the next waits for the previous reply; see burst.ts for why).
 */
import type { Hex } from 'viem';
import { benchAccounts } from '../lib/accounts.js';
import { pollReceipts } from '../lib/receipts.js';
import { signTransferLanes } from '../lib/sign.js';
import { percentile } from '../lib/stats.js';
import { now, sleep } from '../lib/time.js';
import type { Workload } from './types.js';

const RATE_PER_S = 1_000;
const POLL_INTERVAL_MS = 10;
const POLL_BATCH_MAX = 1_000;
const DRAIN_TIMEOUT_MS = 30_000;

export const latency: Workload = {
  name: 'latency',
  metrics: [
    { id: 'latency.receipt.p50', label: 'Latency @1000 tx/s: submit → receipt p50 (ms)', better: 'lower', digits: 1 },
    { id: 'latency.receipt.p99', label: 'Latency @1000 tx/s: submit → receipt p99 (ms)', better: 'lower', digits: 1 },
    { id: 'latency.submit.p50', label: 'Latency @1000 tx/s: send → reply p50 (ms)', better: 'lower', digits: 1 },
    { id: 'latency.submit.p99', label: 'Latency @1000 tx/s: send → reply p99 (ms)', better: 'lower', digits: 1 },
  ],
  async run(ctx) {
    const senders = benchAccounts();
    const total = RATE_PER_S * (ctx.quick ? 1 : 5);
    const lanes = await signTransferLanes(ctx.rpc, senders, Math.ceil(total / senders.length));

    const dueAt: number[] = new Array(total);
    const submitMs: number[] = [];
    const receiptMs: number[] = [];
    const outstanding = new Map<Hex, number>(); // hash → tx index, sent but no receipt seen yet
    const laneTail: Promise<void>[] = senders.map(() => Promise.resolve());
    const laneBroken: boolean[] = senders.map(() => false);
    let settled = 0;
    let rejected = 0;
    let firstRejection = '';
    let stopped = false; // set when the poller gives up, so the dispatcher stops too

    const send = async (k: number): Promise<void> => {
      const lane = k % senders.length;
      try {
        if (laneBroken[lane] || stopped) {
          rejected++;
          return;
        }
        const hash = await ctx.rpc.call<Hex>('eth_sendRawTransaction', [lanes[lane]![Math.floor(k / senders.length)]]);
        submitMs.push(now() - dueAt[k]!);
        outstanding.set(hash, k);
      } catch (error) {
        laneBroken[lane] = true;
        rejected++;
        firstRejection ||= error instanceof Error ? error.message : String(error);
      } finally {
        settled++;
      }
    };

    const t0 = now() + 20;
    for (let k = 0; k < total; k++) dueAt[k] = t0 + (k * 1000) / RATE_PER_S;

    const dispatcher = async (): Promise<void> => {
      let next = 0;
      while (next < total && !stopped) {
        const t = now();
        while (next < total && dueAt[next]! <= t) {
          const k = next++;
          const lane = k % senders.length;
          laneTail[lane] = laneTail[lane]!.then(() => send(k));
        }
        await sleep(1);
      }
    };

    const poller = async (): Promise<void> => {
      const deadline = t0 + (total * 1000) / RATE_PER_S + DRAIN_TIMEOUT_MS;
      try {
        while (settled < total || outstanding.size > 0) {
          if (now() > deadline) throw new Error(`${outstanding.size} receipts still missing after the drain timeout`);
          if (outstanding.size > 0) {
            const batch = [...outstanding.keys()].slice(0, POLL_BATCH_MAX);
            const seen = await pollReceipts(ctx.rpc, batch);
            const t = now();
            for (const hash of seen) {
              receiptMs.push(t - dueAt[outstanding.get(hash)!]!);
              outstanding.delete(hash);
            }
          }
          await sleep(POLL_INTERVAL_MS);
        }
      } catch (error) {
        stopped = true;
        throw error;
      }
    };

    await Promise.all([dispatcher(), poller()]);
    if (receiptMs.length === 0) throw new Error(`no transaction confirmed: ${firstRejection}`);
    const note = rejected > 0 ? `${rejected}/${total} not sent: ${firstRejection.slice(0, 60)}` : undefined;
    return {
      'latency.receipt.p50': { value: percentile(receiptMs, 50), note },
      'latency.receipt.p99': { value: percentile(receiptMs, 99), note },
      'latency.submit.p50': { value: percentile(submitMs, 50) },
      'latency.submit.p99': { value: percentile(submitMs, 99) },
    };
  },
};
