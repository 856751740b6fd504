/**
 * Burst: 2,000 pre-signed transfers (20 senders × 100, quick: × 20) pushed as fast as the
 * node accepts them, then every receipt polled in JSON-RPC batches.
 *
 * Each sender submits its transactions in nonce order with one in flight (so 20 in flight
 * overall): Hardhat's automine rejects a nonce gap ("transactions can't be queued when
 * automining"), so letting a sender's txs overtake each other would fail there. A lane stops
 * at its first rejection, since every later nonce of that sender would be a gap.
 */
import type { Hex } from 'viem';
import { benchAccounts } from '../lib/accounts.js';
import { waitForAllReceipts } from '../lib/receipts.js';
import type { RpcClient } from '../lib/rpc.js';
import { signTransferLanes } from '../lib/sign.js';
import { now } from '../lib/time.js';
import type { Workload } from './types.js';

const SUBMIT_TIMEOUT_MS = 60_000;

export const burst: Workload = {
  name: 'burst',
  metrics: [
    { id: 'burst.accepted', label: 'Burst: submit rate, accepted transfers (tx/s)', better: 'higher', digits: 0 },
    { id: 'burst.confirmed', label: 'Burst: first submit → all receipts visible (ms)', better: 'lower', digits: 0 },
  ],
  async run(ctx) {
    const lanes = await signTransferLanes(ctx.rpc, benchAccounts(), ctx.quick ? 20 : 100);
    const t0 = now();
    const { hashes, submittedAt, note } = await sendBurst(ctx.rpc, lanes);
    ctx.burstHashes.push(...hashes);
    const allSeenAt = await waitForAllReceipts(ctx.rpc, hashes, { timeoutMs: 60_000 });
    return {
      'burst.accepted': { value: hashes.length / ((submittedAt - t0) / 1000), note },
      'burst.confirmed': { value: allSeenAt - t0, note: `${hashes.length} txs` },
    };
  },
};

/**
 * Sends signed lanes as the burst does (each lane in nonce order, one request in flight per lane); the
 * accepted hashes, when the last reply came, and a note on rejections. Throws when none was accepted.
 */
export async function sendBurst(rpc: RpcClient, lanes: readonly (readonly Hex[])[]): Promise<{ hashes: Hex[]; submittedAt: number; note?: string }> {
  const hashes: Hex[] = [];
  let rejected = 0;
  let firstRejection = '';
  const deadline = now() + SUBMIT_TIMEOUT_MS;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const raw of lane) {
        if (now() > deadline) return;
        try {
          hashes.push(await rpc.call<Hex>('eth_sendRawTransaction', [raw]));
        } catch (error) {
          rejected += lane.length - lane.indexOf(raw);
          firstRejection ||= error instanceof Error ? error.message : String(error);
          return;
        }
      }
    }),
  );
  const submittedAt = now();
  if (hashes.length === 0) throw new Error(`every transaction was rejected: ${firstRejection}`);
  return { hashes, submittedAt, note: rejected > 0 ? `${rejected} not accepted: ${firstRejection.slice(0, 80)}` : undefined };
}
