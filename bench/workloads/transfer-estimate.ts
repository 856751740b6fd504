/**
 * An ERC-20 `transfer(new address, 1)` from the TestToken's holder, each request distinct so every
 * one executes whatever a node caches: as an eth_estimateGas, and the very same execution as an
 * eth_call. Both are closed loops (8 clients) warmed up with 1,000 requests each, then measured in
 * alternating 1 s rounds (three of each; quick: one), so a node still compiling, or a machine whose
 * load changes, affects them alike. Reports each one's rate and the node's CPU per request over all
 * its threads (/proc), and the estimate's CPU over the call's, per round, median: what estimating
 * adds to the one run an ERC-20 transfer needs (issue 28's target: at most 1.3×).
 */
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { benchAccounts } from '../lib/accounts.js';
import { distinctAddress } from '../lib/distinctAddress.js';
import { ERC20_ABI } from '../lib/erc20.js';
import { alternatingLoops, medianOf } from './closed-loop-config.js';
import type { Workload } from './types.js';

export const transferEstimate: Workload = {
  name: 'transferEstimate',
  metrics: [
    { id: 'estimateGas.erc20Distinct', label: 'eth_estimateGas, ERC-20 transfer to a new address each call (calls/s)', better: 'higher', digits: 0 },
    {
      id: 'estimateGas.erc20DistinctCpu',
      label: 'eth_estimateGas, ERC-20 transfer to a new address: node CPU per estimate, all threads (µs)',
      better: 'lower',
      digits: 0,
    },
    { id: 'ethCall.transferDistinct', label: 'eth_call, the same ERC-20 transfer to a new address each call (calls/s)', better: 'higher', digits: 0 },
    {
      id: 'ethCall.transferDistinctCpu',
      label: 'eth_call, the same ERC-20 transfer to a new address: node CPU per call, all threads (µs)',
      better: 'lower',
      digits: 0,
    },
    {
      id: 'estimateGas.erc20DistinctCpuRatio',
      label: 'ERC-20 transfer to a new address: node CPU per estimate ÷ per eth_call (×)',
      better: 'lower',
      digits: 2,
      target: 1.3,
    },
  ],
  async run(ctx) {
    const [holder] = benchAccounts();
    const token = await ctx.token();
    let index = 0;
    const transferTo = (to: Hex) => ({
      from: holder!.address,
      to: token,
      data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [to, 1n] }),
    });
    const gas = BigInt(await ctx.rpc.call<string>('eth_estimateGas', [transferTo(distinctAddress(index++))]));
    if (gas <= 21_000n || gas >= 200_000n) throw new Error(`implausible estimate ${gas}`);
    const returned = await ctx.rpc.call<Hex>('eth_call', [transferTo(distinctAddress(index++)), 'latest']);
    if (!decodeFunctionResult({ abi: ERC20_ABI, functionName: 'transfer', data: returned }))
      throw new Error('transfer(new address, 1) as an eth_call returned false');
    const [estimate, call] = await alternatingLoops(
      [
        () => ctx.rpc.call('eth_estimateGas', [transferTo(distinctAddress(index++))]),
        () => ctx.rpc.call('eth_call', [transferTo(distinctAddress(index++)), 'latest']),
      ],
      ctx.quick,
      ctx.pid,
    );
    const ratios = estimate!.cpuPerRound.map((micros, round) => micros / call!.cpuPerRound[round]!);
    return {
      'estimateGas.erc20Distinct': estimate!.rate,
      'estimateGas.erc20DistinctCpu': estimate!.cpu ?? { error: 'not measured' },
      'ethCall.transferDistinct': call!.rate,
      'ethCall.transferDistinctCpu': call!.cpu ?? { error: 'not measured' },
      'estimateGas.erc20DistinctCpuRatio': ratios.length > 0 ? medianOf(ratios, (ratio) => ratio.toFixed(2), 'round by round') : { error: 'not measured' },
    };
  },
};
