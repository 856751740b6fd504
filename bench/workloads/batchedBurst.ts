/**
 * Batched burst: another 2,000 pre-signed transfers (20 senders × 100; quick: × 20), sent as
 * JSON-RPC batches of 100 with one batch in flight. Each batch holds the next 5 nonces of every
 * sender, in nonce order, so no peer ever sees a nonce gap (Hardhat's automine rejects gaps).
 *
 * Why besides the per-request burst: with one HTTP request per transaction, the load generator
 * on this 2-core machine saturates near 2,000 requests/s whatever the node does (the node was
 * measured 65% idle there). Batching makes the client cheap, so this row measures the node:
 * end-to-end transfers per second, from the first submit until every receipt is visible.
 */
import type { Hex } from 'viem';
import { benchAccounts } from '../lib/accounts.js';
import { waitForAllReceipts } from '../lib/receipts.js';
import type { RpcClient } from '../lib/rpc.js';
import { signTransferLanes } from '../lib/sign.js';
import { now } from '../lib/time.js';
import type { Workload } from './types.js';

const NONCES_PER_BATCH = 5;

export const batchedBurst: Workload = {
  name: 'batchedBurst',
  metrics: [
    { id: 'batchedBurst.endToEnd', label: 'Batched burst: transfers pre-confirmed/mined per second, end to end (tx/s)', better: 'higher', digits: 0 },
    { id: 'batchedBurst.accepted', label: 'Batched burst: submit rate, accepted transfers (tx/s)', better: 'higher', digits: 0 },
  ],
  async run(ctx) {
    const lanes = await signTransferLanes(ctx.rpc, benchAccounts(), ctx.quick ? 20 : 100);
    const t0 = now();
    const hashes = await sendBatchedBurst(ctx.rpc, lanes);
    const submittedAt = now();
    const allSeenAt = await waitForAllReceipts(ctx.rpc, hashes, { intervalMs: 5, timeoutMs: 60_000 });
    return {
      'batchedBurst.endToEnd': { value: hashes.length / ((allSeenAt - t0) / 1000), note: `${hashes.length} txs in ${Math.round(allSeenAt - t0)} ms` },
      'batchedBurst.accepted': { value: hashes.length / ((submittedAt - t0) / 1000) },
    };
  },
};

/** Sends signed lanes (equal lengths) as the batched burst does: batches of the next 5 nonces of every lane, one batch in flight; the hashes. */
export async function sendBatchedBurst(rpc: RpcClient, lanes: readonly (readonly Hex[])[]): Promise<Hex[]> {
  const perSender = lanes[0]?.length ?? 0;
  const hashes: Hex[] = [];
  for (let first = 0; first < perSender; first += NONCES_PER_BATCH) {
    const raws = [];
    for (let nonce = first; nonce < Math.min(first + NONCES_PER_BATCH, perSender); nonce++) for (const lane of lanes) raws.push(lane[nonce]!);
    const outcomes = await rpc.batch(raws.map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })));
    for (const outcome of outcomes) {
      if (outcome.error) throw new Error(`eth_sendRawTransaction: ${outcome.error.message}`);
      hashes.push(outcome.result as Hex);
    }
  }
  return hashes;
}
