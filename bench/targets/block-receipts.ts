/**
 * Sequin design target: eth_getBlockReceipts of a sealed block holding ≥ 2,000 transfers,
 * over HTTP (target ≤ 20 ms). Hardhat's automine makes one-transaction blocks, so it has no
 * counterpart ("n/a").
 *
 * The block comes from one of two places:
 * 1. `onBurstBlock`: the blocks holding the burst workload's transfers on the benchmarked node
 *    (found from their receipts, then eth_getBlockByNumber), if the largest holds ≥ 2,000 txs.
 *    At ~2,000 tx/s accepted, the full burst often straddles a 2 s block boundary, and the quick
 *    burst only has 400 txs, so this often fails to qualify; then
 * 2. `onDedicatedBlock`: a separate Sequin with `--block-time 4000`, started after the
 *    benchmarked node has stopped. Right after a block boundary (eth_blockNumber ticks over),
 *    2,000 pre-signed transfers go in as JSON-RPC batches of 100, well inside the 4 s window.
 *
 * Either way the call is timed REPETITIONS times in a row on one keep-alive connection, from
 * sending the request to the last byte of the reply. The client's JSON.parse of the ~1.5 MB
 * reply is left out of the timing but done for each reply, which must hold one receipt per tx.
 */
import type { Hex } from 'viem';
import { toHex } from 'viem';
import { ACCOUNT_COUNT, benchAccounts } from '../lib/accounts.js';
import { RECEIPT_BATCH, waitForAllReceipts } from '../lib/receipts.js';
import { RpcClient } from '../lib/rpc.js';
import { signTransferLanes } from '../lib/sign.js';
import { percentile } from '../lib/stats.js';
import { now, sleep } from '../lib/time.js';
import * as sequin from '../peers/sequin.js';
import type { MetricResult, MetricSpec } from '../workloads/types.js';

const MIN_TXS = 2_000;
const REPETITIONS = 20;
const DEDICATED_BLOCK_TIME_MS = 4_000;
const SUBMIT_BATCH = 100;
/** Longest wait for a block to be sealed once its txs are pre-confirmed (≥ any block time used here). */
const SEAL_TIMEOUT_MS = 10_000;

export const BLOCK_RECEIPTS: MetricSpec = {
  id: 'target.blockReceipts',
  label: 'eth_getBlockReceipts of a 2,000-tx block, over HTTP (ms)',
  better: 'lower',
  digits: 1,
  sequinOnly: true,
  target: 20,
};

interface BlockInfo {
  number: number;
  txCount: number;
}

/** eth_getBlockByNumber(n) once the block is sealed (Sequin answers null for the open block's number). */
async function sealedBlock(rpc: RpcClient, number: number, deadline: number): Promise<{ transactions: unknown[] }> {
  for (;;) {
    const block = await rpc.call<{ transactions: unknown[] } | null>('eth_getBlockByNumber', [toHex(number), false]);
    if (block) return block;
    if (now() > deadline) throw new Error(`block ${number} was not sealed within ${SEAL_TIMEOUT_MS / 1000} s`);
    await sleep(50);
  }
}

/** The largest sealed block (by its total tx count) holding any of `hashes`; waits for sealing. */
async function largestBlockHolding(rpc: RpcClient, hashes: readonly Hex[]): Promise<BlockInfo> {
  const numbers = new Set<number>();
  for (let start = 0; start < hashes.length; start += RECEIPT_BATCH) {
    const chunk = hashes.slice(start, start + RECEIPT_BATCH);
    const outcomes = await rpc.batch(chunk.map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })));
    outcomes.forEach((o, i) => {
      const receipt = o.result as { blockNumber?: string } | null | undefined;
      if (o.error || !receipt?.blockNumber) throw new Error(`no receipt for ${chunk[i]}: ${o.error?.message ?? 'null'}`);
      numbers.add(Number(BigInt(receipt.blockNumber)));
    });
  }
  const deadline = now() + SEAL_TIMEOUT_MS;
  let best: BlockInfo | undefined;
  for (const number of [...numbers].sort((a, b) => a - b)) {
    const txCount = (await sealedBlock(rpc, number, deadline)).transactions.length;
    if (!best || txCount > best.txCount) best = { number, txCount };
  }
  if (!best) throw new Error('no transactions to look for');
  return best;
}

/** Times eth_getBlockReceipts(block) REPETITIONS times; checks every reply. */
async function timeBlockReceipts(rpc: RpcClient, block: BlockInfo, source: string): Promise<MetricResult> {
  const tag = toHex(block.number);
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REPETITIONS; i++) {
    const t0 = now();
    const text = await rpc.callText('eth_getBlockReceipts', [tag]);
    samples.push(now() - t0);
    const reply = JSON.parse(text) as { result?: { blockNumber?: string }[] | null; error?: { message: string } };
    if (reply.error) throw new Error(`eth_getBlockReceipts: ${reply.error.message}`);
    const receipts = reply.result;
    if (!Array.isArray(receipts) || receipts.length !== block.txCount) {
      throw new Error(`eth_getBlockReceipts(${tag}) gave ${Array.isArray(receipts) ? receipts.length : String(receipts)} receipts for ${block.txCount} txs`);
    }
    if (receipts.some((r) => r.blockNumber !== tag)) throw new Error(`eth_getBlockReceipts(${tag}) returned a receipt of another block`);
    bytes = Buffer.byteLength(text);
  }
  const range = `${Math.min(...samples).toFixed(1)}–${Math.max(...samples).toFixed(1)}`;
  return {
    value: percentile(samples, 50),
    note: `median of ${REPETITIONS}, min–max ${range}; block ${block.number}: ${block.txCount.toLocaleString('en-US')} txs, ${(bytes / 2 ** 20).toFixed(1)} MiB reply, ${source}`,
  };
}

/**
 * On the benchmarked node, after the burst: times the largest block holding burst txs, or
 * returns undefined (saying why on stderr) when that block has fewer than MIN_TXS txs.
 */
export async function onBurstBlock(rpc: RpcClient, burstHashes: readonly Hex[]): Promise<MetricResult | undefined> {
  if (burstHashes.length < MIN_TXS) {
    console.error(`bench: Sequin: burst sent ${burstHashes.length} txs (< ${MIN_TXS}); eth_getBlockReceipts gets a dedicated block`);
    return undefined;
  }
  const block = await largestBlockHolding(rpc, burstHashes);
  if (block.txCount < MIN_TXS) {
    console.error(
      `bench: Sequin: largest burst block (${block.number}) holds ${block.txCount} txs (< ${MIN_TXS}); eth_getBlockReceipts gets a dedicated block`,
    );
    return undefined;
  }
  return timeBlockReceipts(rpc, block, 'from the burst');
}

/** Resolves right after eth_blockNumber has ticked over, i.e. a new block window has just opened. */
async function nextBlockBoundary(rpc: RpcClient): Promise<void> {
  const limitMs = 2 * DEDICATED_BLOCK_TIME_MS + 2_000;
  const deadline = now() + limitMs;
  const start = await rpc.call<Hex>('eth_blockNumber');
  while ((await rpc.call<Hex>('eth_blockNumber')) === start) {
    if (now() > deadline) throw new Error(`no new block within ${limitMs / 1000} s`);
    await sleep(5);
  }
}

/** Starts a dedicated Sequin (`--block-time 4000`), fills one block with MIN_TXS transfers, times it, stops the node. */
export async function onDedicatedBlock(): Promise<MetricResult> {
  const peer = await sequin.start(['--block-time', String(DEDICATED_BLOCK_TIME_MS)]);
  const rpc = new RpcClient(peer.url);
  try {
    const lanes = await signTransferLanes(rpc, benchAccounts(), Math.ceil(MIN_TXS / ACCOUNT_COUNT));
    // Nonce-major, so every batch holds the next few nonces of every sender, in order.
    const ordered: Hex[] = [];
    for (let k = 0; k < lanes[0]!.length; k++) for (const lane of lanes) ordered.push(lane[k]!);

    await nextBlockBoundary(rpc);
    const t0 = now();
    const hashes: Hex[] = [];
    for (let start = 0; start < ordered.length; start += SUBMIT_BATCH) {
      const chunk = ordered.slice(start, start + SUBMIT_BATCH);
      const outcomes = await rpc.batch(chunk.map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })));
      for (const o of outcomes) {
        if (o.error || typeof o.result !== 'string') throw new Error(`eth_sendRawTransaction: ${o.error?.message ?? 'bad result'}`);
        hashes.push(o.result as Hex);
      }
    }
    const submitMs = now() - t0;
    await waitForAllReceipts(rpc, hashes, { timeoutMs: 30_000 });
    const block = await largestBlockHolding(rpc, hashes);
    if (block.txCount < MIN_TXS) {
      throw new Error(
        `largest block holds ${block.txCount} of ${MIN_TXS} txs (submitting took ${submitMs.toFixed(0)} ms of the ${DEDICATED_BLOCK_TIME_MS} ms block)`,
      );
    }
    return await timeBlockReceipts(rpc, block, `dedicated node with --block-time ${DEDICATED_BLOCK_TIME_MS}, filled in ${submitMs.toFixed(0)} ms`);
  } finally {
    rpc.close();
    await peer.stop();
  }
}
