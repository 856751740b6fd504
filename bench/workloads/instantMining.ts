/**
 * Instant mining (Anvil's and Hardhat's automine; Sequin's `--mining instant`), as a test suite
 * uses a dev node: one transaction at a time, each waited for before the next. Every node first
 * gets `evm_setAutomine [true]`: Sequin switches from interval to instant mining at run time,
 * Hardhat and Anvil are automine already. Runs last, so the other workloads see Sequin's default
 * interval mode.
 * - serial submit → receipt: eth_sendRawTransaction, then eth_getTransactionReceipt until it is
 *   there (one call when the node mined the tx before answering); p50 / p99 of the whole.
 * - viem waitForTransactionReceipt: a plain viem public client (HTTP transport, no chain, so its
 *   default 4 s polling), timed from the send's reply to the resolved receipt.
 * - ethers wait(1): an ethers v6 JsonRpcProvider, broadcastTransaction then `wait(1)`, timed from
 *   the broadcast's reply.
 * All transfers are signed before any timer starts, from senders no other workload uses.
 */
import { JsonRpcProvider } from 'ethers';
import { createPublicClient, type Hex, http } from 'viem';
import { benchAccounts } from '../lib/accounts.js';
import type { RpcClient } from '../lib/rpc.js';
import { pendingNonces, signTx } from '../lib/sign.js';
import { percentile } from '../lib/stats.js';
import { now } from '../lib/time.js';
import type { Workload } from './types.js';

/** Whom the instant-mining transfers pay. */
export const RECIPIENT = '0x000000000000000000000000000000000000bEEF';
const RECEIPT_POLL_LIMIT = 2_000;

/**
 * Sends `signed` one at a time, each followed by receipt polls until its receipt is there (one poll
 * when the node mined it before answering): each submit → receipt time, in ms.
 */
export async function serialSendTimes(rpc: RpcClient, signed: readonly Hex[]): Promise<number[]> {
  const times: number[] = [];
  for (const raw of signed) {
    const started = now();
    const hash = await rpc.call<Hex>('eth_sendRawTransaction', [raw]);
    let polls = 0;
    while ((await rpc.call('eth_getTransactionReceipt', [hash])) === null) {
      if (++polls >= RECEIPT_POLL_LIMIT) throw new Error(`no receipt for ${hash} after ${polls} polls`);
    }
    times.push(now() - started);
  }
  return times;
}

export const instantMining: Workload = {
  name: 'instant mining',
  metrics: [
    { id: 'instant.receipt.p50', label: 'Instant mining: serial submit → receipt p50 (ms)', better: 'lower', digits: 2, target: 2 },
    { id: 'instant.receipt.p99', label: 'Instant mining: serial submit → receipt p99 (ms)', better: 'lower', digits: 2 },
    { id: 'instant.viem.p50', label: 'Instant mining: viem waitForTransactionReceipt p50 (ms)', better: 'lower', digits: 1, target: 50 },
    { id: 'instant.ethers.p50', label: 'Instant mining: ethers wait(1) p50 (ms)', better: 'lower', digits: 1, target: 50 },
  ],
  async run(ctx) {
    await ctx.rpc.call('evm_setAutomine', [true]);
    const serialCount = ctx.quick ? 50 : 300;
    const waitCount = ctx.quick ? 10 : 40;
    // Three senders of their own (the last of the 20), one per measurement.
    const [serialSender, viemSender, ethersSender] = benchAccounts().slice(-3);
    const nonces = await pendingNonces(ctx.rpc, [serialSender!, viemSender!, ethersSender!]);
    const sign = async (sender: typeof serialSender, first: number, count: number) =>
      Promise.all(Array.from({ length: count }, (_, offset) => signTx(sender!, first + offset, RECIPIENT)));
    const [serialTxs, viemTxs, ethersTxs] = await Promise.all([
      sign(serialSender, nonces[0]!, serialCount),
      sign(viemSender, nonces[1]!, waitCount),
      sign(ethersSender, nonces[2]!, waitCount),
    ]);

    const serialMs = await serialSendTimes(ctx.rpc, serialTxs);

    const viem = createPublicClient({ transport: http(ctx.url) });
    const viemMs: number[] = [];
    for (const raw of viemTxs) {
      const hash = await ctx.rpc.call<Hex>('eth_sendRawTransaction', [raw]);
      const started = now();
      await viem.waitForTransactionReceipt({ hash, timeout: 30_000 });
      viemMs.push(now() - started);
    }

    const provider = new JsonRpcProvider(ctx.url);
    const ethersMs: number[] = [];
    try {
      for (const raw of ethersTxs) {
        const response = await provider.broadcastTransaction(raw);
        const started = now();
        await response.wait(1, 30_000);
        ethersMs.push(now() - started);
      }
    } finally {
      provider.destroy();
    }

    return {
      'instant.receipt.p50': { value: percentile(serialMs, 50) },
      'instant.receipt.p99': { value: percentile(serialMs, 99) },
      'instant.viem.p50': { value: percentile(viemMs, 50) },
      'instant.ethers.p50': { value: percentile(ethersMs, 50) },
    };
  },
};
