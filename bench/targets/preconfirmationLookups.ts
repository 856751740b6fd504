/**
 * sequin_getPreconfirmation against eth_getTransactionReceipt over HTTP, as a client sees them (issue 26's
 * target: p50 ≤ 2×): a dedicated Sequin (`--block-time 60000`, so its block stays open for the whole
 * measurement) pre-confirms 2,000 transfers from 20 senders, then every one of them is looked up both
 * ways, the two calls alternating on one keep-alive connection, timed from sending the request to the
 * last byte of the reply (the client's JSON.parse left out, done after to check each reply). The first
 * LOOKUP_WARMUP hashes are a warm-up (V8 compiling, the proofs' tries built), not counted.
 */
import type { Hex } from 'viem';
import { ACCOUNT_COUNT, benchAccounts } from '../lib/accounts.js';
import { waitForAllReceipts } from '../lib/receipts.js';
import { RpcClient } from '../lib/rpc.js';
import { signTransferLanes } from '../lib/sign.js';
import { percentile } from '../lib/stats.js';
import { now } from '../lib/time.js';
import * as sequin from '../peers/sequin.js';

const TRANSFERS = 2_000;
const SUBMIT_BATCH = 100;
const LOOKUP_WARMUP = 200;

export interface LookupTimes {
  /** Milliseconds per call, one sample per counted hash. */
  proven: number[];
  plain: number[];
  /** Median reply sizes in bytes. */
  provenBytes: number;
  plainBytes: number;
}

/** Times both lookups for 2,000 transfers pre-confirmed in one open block of a dedicated node. */
export async function timeLookupsOverHttp(): Promise<LookupTimes> {
  const peer = await sequin.start(['--block-time', '60000']);
  const rpc = new RpcClient(peer.url);
  try {
    const lanes = await signTransferLanes(rpc, benchAccounts(), Math.ceil(TRANSFERS / ACCOUNT_COUNT));
    const ordered: Hex[] = [];
    for (let k = 0; k < lanes[0]!.length; k++) for (const lane of lanes) ordered.push(lane[k]!);
    const hashes: Hex[] = [];
    for (let start = 0; start < ordered.length; start += SUBMIT_BATCH) {
      const outcomes = await rpc.batch(ordered.slice(start, start + SUBMIT_BATCH).map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })));
      for (const outcome of outcomes) {
        if (outcome.error || typeof outcome.result !== 'string') throw new Error(`eth_sendRawTransaction: ${outcome.error?.message ?? 'bad result'}`);
        hashes.push(outcome.result as Hex);
      }
    }
    await waitForAllReceipts(rpc, hashes, { timeoutMs: 60_000 });
    const times: LookupTimes = { proven: [], plain: [], provenBytes: 0, plainBytes: 0 };
    const provenSizes: number[] = [];
    const plainSizes: number[] = [];
    for (const [i, hash] of hashes.entries()) {
      let t0 = now();
      const provenText = await rpc.callText('sequin_getPreconfirmation', [hash]);
      const provenMs = now() - t0;
      t0 = now();
      const plainText = await rpc.callText('eth_getTransactionReceipt', [hash]);
      const plainMs = now() - t0;
      const proven = JSON.parse(provenText) as { result?: { receipt?: { transactionHash?: string; blockHash?: string } } };
      const plain = JSON.parse(plainText) as { result?: { transactionHash?: string; blockHash?: string } };
      if (proven.result?.receipt?.transactionHash !== hash) throw new Error(`sequin_getPreconfirmation(${hash}): ${provenText.slice(0, 200)}`);
      if (plain.result?.transactionHash !== hash) throw new Error(`eth_getTransactionReceipt(${hash}): ${plainText.slice(0, 200)}`);
      if (proven.result.receipt.blockHash !== plain.result.blockHash) throw new Error(`${hash}: the block was sealed during the measurement`);
      if (i < LOOKUP_WARMUP) continue;
      times.proven.push(provenMs);
      times.plain.push(plainMs);
      provenSizes.push(provenText.length);
      plainSizes.push(plainText.length);
    }
    times.provenBytes = percentile(provenSizes, 50);
    times.plainBytes = percentile(plainSizes, 50);
    return times;
  } finally {
    rpc.close();
    await peer.stop();
  }
}
