/**
 * The single-request workloads bench/profile.ts and bench/compareBuilds.ts drive in a closed loop:
 * a method and a function giving each request's params, the same request every time or (the
 * *Distinct workloads) another address each time, so no answer comes from the call cache.
 */
import { encodeFunctionData, toHex } from 'viem';
import { benchAccounts } from './accounts.js';
import { distinctAddress } from './distinctAddress.js';
import { deployToken, ERC20_ABI } from './erc20.js';
import type { RpcClient } from './rpc.js';

export const PROFILED_WORKLOADS = [
  'ethCall',
  'ethCallDistinct',
  'ethCallNoCodeDistinct',
  'callErc20TransferDistinct',
  'estimateTransfer',
  'estimateErc20',
  'estimateErc20Distinct',
  'blockNumber',
] as const;
export type ProfiledWorkload = (typeof PROFILED_WORKLOADS)[number];

/** The workload's method and its params per request (deploys the bench token first where the workload needs it). */
export async function requestOf(rpc: RpcClient, workload: ProfiledWorkload): Promise<{ method: string; params: () => unknown[] }> {
  const [holder, other] = benchAccounts();
  if (workload === 'blockNumber') return { method: 'eth_blockNumber', params: () => [] };
  // The call path without an EVM run worth the name: an account without code, distinct calldata each time.
  if (workload === 'ethCallNoCodeDistinct') {
    let index = 0;
    return { method: 'eth_call', params: () => [{ to: other!.address, data: distinctAddress(index++) }, 'latest'] };
  }
  if (workload === 'estimateTransfer') return { method: 'eth_estimateGas', params: () => [{ from: holder!.address, to: other!.address, value: toHex(1) }] };
  const token = await deployToken(rpc, holder!);
  let index = 0;
  const transfer = (to: string) => ({
    from: holder!.address,
    to: token,
    data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [to as `0x${string}`, 1n] }),
  });
  if (workload === 'estimateErc20') return { method: 'eth_estimateGas', params: () => [transfer(other!.address)] };
  if (workload === 'estimateErc20Distinct') return { method: 'eth_estimateGas', params: () => [transfer(distinctAddress(index++))] };
  if (workload === 'callErc20TransferDistinct') return { method: 'eth_call', params: () => [transfer(distinctAddress(index++)), 'latest'] };
  const owner = () => (workload === 'ethCall' ? holder!.address : distinctAddress(index++));
  return {
    method: 'eth_call',
    params: () => [{ to: token, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [owner()] }) }, 'latest'],
  };
}
