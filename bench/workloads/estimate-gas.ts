/**
 * eth_estimateGas throughput, closed loop (8 clients, a warm-up round of 1,000 requests, then three 1 s rounds each, median and min–max): a plain 1-wei transfer
 * (checked first to estimate ~21000; Hardhat answers 21001), an ERC-20 `transfer` on the TestToken
 * from its holder (the same request over and over, as a wallet re-estimates), and an ERC-20
 * `transfer` to a new address each time (every estimate executes; with the node's CPU per estimate
 * over all its threads, from /proc, to set beside eth-call.ts's distinct transfer call). Measured
 * independently so one failing does not hide the others.
 */
import { encodeFunctionData, toHex } from 'viem';
import { benchAccounts } from '../lib/accounts.js';
import { distinctAddress } from '../lib/distinctAddress.js';
import { ERC20_ABI } from '../lib/erc20.js';
import type { RpcClient } from '../lib/rpc.js';
import { closedLoopWithCpu } from './closed-loop-config.js';
import type { MetricResult, Workload } from './types.js';
import { errorResult } from './types.js';

async function measure(
  rpc: RpcClient,
  call: object | (() => object),
  quick: boolean,
  check: (gas: bigint) => boolean,
  pid?: number,
): Promise<{ rate: MetricResult; cpu?: MetricResult }> {
  const next = typeof call === 'function' ? (call as () => object) : () => call;
  try {
    const gas = BigInt(await rpc.call<string>('eth_estimateGas', [next()]));
    if (!check(gas)) throw new Error(`implausible estimate ${gas}`);
    return await closedLoopWithCpu(() => rpc.call('eth_estimateGas', [next()]), quick, pid);
  } catch (error) {
    return { rate: errorResult(error), cpu: errorResult(error) };
  }
}

export const estimateGas: Workload = {
  name: 'estimateGas',
  metrics: [
    { id: 'estimateGas.transfer', label: 'eth_estimateGas, ETH transfer (calls/s)', better: 'higher', digits: 0 },
    { id: 'estimateGas.erc20', label: 'eth_estimateGas, ERC-20 transfer, same request repeated (calls/s)', better: 'higher', digits: 0 },
    { id: 'estimateGas.erc20Distinct', label: 'eth_estimateGas, ERC-20 transfer to a new address each call (calls/s)', better: 'higher', digits: 0 },
    {
      id: 'estimateGas.erc20DistinctCpu',
      label: 'eth_estimateGas, ERC-20 transfer to a new address: node CPU per estimate, all threads (µs)',
      better: 'lower',
      digits: 0,
    },
  ],
  async run(ctx) {
    const [holder, other] = benchAccounts();
    const transfer = { from: holder!.address, to: other!.address, value: toHex(1) };
    const plain = (await measure(ctx.rpc, transfer, ctx.quick, (gas) => gas >= 21_000n && gas < 22_000n)).rate;
    let erc20: MetricResult;
    let erc20Distinct: { rate: MetricResult; cpu?: MetricResult };
    const plausible = (gas: bigint) => gas > 21_000n && gas < 200_000n;
    try {
      const token = await ctx.token();
      const data = encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [other!.address, 1n] });
      erc20 = (await measure(ctx.rpc, { from: holder!.address, to: token, data }, ctx.quick, plausible)).rate;
      let index = 0;
      const distinct = () => ({
        from: holder!.address,
        to: token,
        data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [distinctAddress(index++), 1n] }),
      });
      erc20Distinct = await measure(ctx.rpc, distinct, ctx.quick, plausible, ctx.pid);
    } catch (error) {
      erc20 = errorResult(error);
      erc20Distinct = { rate: errorResult(error), cpu: errorResult(error) };
    }
    return {
      'estimateGas.transfer': plain,
      'estimateGas.erc20': erc20,
      'estimateGas.erc20Distinct': erc20Distinct.rate,
      'estimateGas.erc20DistinctCpu': erc20Distinct.cpu ?? { error: 'not measured' },
    };
  },
};
