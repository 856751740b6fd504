/**
 * eth_estimateGas throughput, closed loop (8 clients, a warm-up round of 1,000 requests, then
 * three 1 s rounds each, median and min–max): a plain 1-wei transfer (checked first to estimate
 * ~21000; Hardhat answers 21001) and an ERC-20 `transfer` on the TestToken from its holder (the
 * same request over and over, as a wallet re-estimates). The ERC-20 transfer to a new address each
 * time is transfer-estimate.ts. Measured independently so one failing does not hide the other.
 */
import { encodeFunctionData, toHex } from 'viem';
import { benchAccounts } from '../lib/accounts.js';
import { ERC20_ABI } from '../lib/erc20.js';
import type { RpcClient } from '../lib/rpc.js';
import { closedLoopMetric } from './closed-loop-config.js';
import type { MetricResult, Workload } from './types.js';
import { errorResult } from './types.js';

async function measure(rpc: RpcClient, call: object, quick: boolean, check: (gas: bigint) => boolean): Promise<MetricResult> {
  try {
    const gas = BigInt(await rpc.call<string>('eth_estimateGas', [call]));
    if (!check(gas)) throw new Error(`implausible estimate ${gas}`);
    return await closedLoopMetric(() => rpc.call('eth_estimateGas', [call]), quick);
  } catch (error) {
    return errorResult(error);
  }
}

export const estimateGas: Workload = {
  name: 'estimateGas',
  metrics: [
    { id: 'estimateGas.transfer', label: 'eth_estimateGas, ETH transfer (calls/s)', better: 'higher', digits: 0 },
    { id: 'estimateGas.erc20', label: 'eth_estimateGas, ERC-20 transfer, same request repeated (calls/s)', better: 'higher', digits: 0 },
  ],
  async run(ctx) {
    const [holder, other] = benchAccounts();
    const transfer = { from: holder!.address, to: other!.address, value: toHex(1) };
    const plain = await measure(ctx.rpc, transfer, ctx.quick, (gas) => gas >= 21_000n && gas < 22_000n);
    let erc20: MetricResult;
    try {
      const token = await ctx.token();
      const data = encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [other!.address, 1n] });
      erc20 = await measure(ctx.rpc, { from: holder!.address, to: token, data }, ctx.quick, (gas) => gas > 21_000n && gas < 200_000n);
    } catch (error) {
      erc20 = errorResult(error);
    }
    return { 'estimateGas.transfer': plain, 'estimateGas.erc20': erc20 };
  },
};
