/**
 * Bulk receipt polling: asks for the receipts of all still-unseen hashes with JSON-RPC batch
 * requests every `intervalMs`, recording when each first became visible. One poll round is in
 * flight at a time so polling load stays bounded; the whole wait is bounded by `timeoutMs`.
 */
import type { Hex } from 'viem';
import type { RpcClient } from './rpc.js';
import { now, sleep } from './time.js';

export const RECEIPT_BATCH = 500;

interface Receipt {
  status?: string;
}

/** One poll round over `hashes` (batched); returns hashes whose receipt is now visible. */
export async function pollReceipts(rpc: RpcClient, hashes: readonly Hex[]): Promise<Hex[]> {
  const seen: Hex[] = [];
  for (let start = 0; start < hashes.length; start += RECEIPT_BATCH) {
    const chunk = hashes.slice(start, start + RECEIPT_BATCH);
    const outcomes = await rpc.batch(chunk.map((h) => ({ method: 'eth_getTransactionReceipt', params: [h] })));
    outcomes.forEach((o, i) => {
      if (o.error) throw new Error(`eth_getTransactionReceipt: ${o.error.message}`);
      const receipt = o.result as Receipt | null;
      if (receipt) {
        if (receipt.status !== '0x1') throw new Error(`tx ${chunk[i]} failed (status ${receipt.status})`);
        seen.push(chunk[i]!);
      }
    });
  }
  return seen;
}

/**
 * Polls until every hash has a receipt; returns when (monotonic ms) the last one was seen.
 * Throws if some are still missing after `timeoutMs`.
 */
export async function waitForAllReceipts(rpc: RpcClient, hashes: readonly Hex[], options: { intervalMs?: number; timeoutMs?: number } = {}): Promise<number> {
  const intervalMs = options.intervalMs ?? 10;
  const deadline = now() + (options.timeoutMs ?? 60_000);
  const pending = new Set(hashes);
  let lastSeenAt = now();
  while (pending.size > 0) {
    const seen = await pollReceipts(rpc, [...pending]);
    if (seen.length > 0) {
      lastSeenAt = now();
      for (const h of seen) pending.delete(h);
    }
    if (pending.size === 0) break;
    if (now() > deadline) throw new Error(`${pending.size} of ${hashes.length} receipts never appeared`);
    await sleep(intervalMs);
  }
  return lastSeenAt;
}
