/**
 * Offline signing of the benchmark's EIP-1559 transactions, done before any timer starts so
 * that signing cost never counts against a node.
 */
import type { Address, Hex } from 'viem';
import type { BenchAccount } from './accounts.js';
import type { RpcClient } from './rpc.js';

export const CHAIN_ID = 31337;
const GWEI = 1_000_000_000n;
export const MAX_FEE_PER_GAS = 10n * GWEI;
export const MAX_PRIORITY_FEE_PER_GAS = 1n * GWEI;
export const TRANSFER_GAS = 21_000n;

/** Signs a type-2 transfer of 1 wei (or a contract creation when `to` is null and `data` is set). */
export function signTx(from: BenchAccount, nonce: number, to: Address | null, options: { gas?: bigint; data?: Hex; value?: bigint } = {}): Promise<Hex> {
  return from.signer.signTransaction({
    type: 'eip1559',
    chainId: CHAIN_ID,
    nonce,
    to,
    value: options.value ?? (to === null ? 0n : 1n),
    gas: options.gas ?? TRANSFER_GAS,
    data: options.data,
    maxFeePerGas: MAX_FEE_PER_GAS,
    maxPriorityFeePerGas: MAX_PRIORITY_FEE_PER_GAS,
  });
}

/** Next usable nonce of every sender, from eth_getTransactionCount 'pending' in one batch. */
export async function pendingNonces(rpc: RpcClient, senders: readonly BenchAccount[]): Promise<number[]> {
  const outcomes = await rpc.batch(senders.map((s) => ({ method: 'eth_getTransactionCount', params: [s.address, 'pending'] })));
  return outcomes.map((o, i) => {
    if (o.error || typeof o.result !== 'string') {
      throw new Error(`eth_getTransactionCount(${senders[i]!.address}): ${o.error?.message ?? 'bad result'}`);
    }
    return Number(BigInt(o.result));
  });
}

/**
 * `perSender` signed transfers for every sender ("lanes"), nonces consecutive from the
 * pending count. Each sender pays the next account, so every recipient already exists.
 */
export async function signTransferLanes(rpc: RpcClient, senders: readonly BenchAccount[], perSender: number): Promise<Hex[][]> {
  const nonces = await pendingNonces(rpc, senders);
  const lanes: Hex[][] = [];
  for (let s = 0; s < senders.length; s++) {
    const to = senders[(s + 1) % senders.length]!.address;
    const lane: Hex[] = [];
    for (let k = 0; k < perSender; k++) lane.push(await signTx(senders[s]!, nonces[s]! + k, to));
    lanes.push(lane);
  }
  return lanes;
}
