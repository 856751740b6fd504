/**
 * eth_call throughput, closed loop (8 clients, a warm-up round of 1,000 requests, then three 1 s rounds each, median and min–max), on the TestToken at 'latest', after
 * checking once that `balanceOf(holder)` decodes to a non-zero balance:
 * - the same `balanceOf(holder)` call over and over (what a polling dapp sends; a node may
 *   answer repeats from a cache, Sequin does);
 * - `balanceOf` of a different address each call, so every call executes; with the node's CPU per
 *   call over all its threads (/proc), which the load on a shared machine hardly moves.
 */

import type { Hex } from 'viem';
import { decodeFunctionResult, encodeFunctionData } from 'viem';
import { benchAccounts } from '../lib/accounts.js';
import { distinctAddress } from '../lib/distinctAddress.js';
import { ERC20_ABI } from '../lib/erc20.js';
import { closedLoopMetric, closedLoopWithCpu } from './closed-loop-config.js';
import type { Workload } from './types.js';

export const ethCall: Workload = {
  name: 'ethCall',
  metrics: [
    { id: 'ethCall.balanceOf', label: 'eth_call, ERC-20 balanceOf, same call repeated (calls/s)', better: 'higher', digits: 0 },
    { id: 'ethCall.distinct', label: 'eth_call, ERC-20 balanceOf of a new address each call (calls/s)', better: 'higher', digits: 0 },
    { id: 'ethCall.distinctCpu', label: 'eth_call, ERC-20 balanceOf of a new address: node CPU per call, all threads (µs)', better: 'lower', digits: 0 },
  ],
  async run(ctx) {
    const [holder] = benchAccounts();
    const token = await ctx.token();
    const data = encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [holder!.address] });
    const params = [{ to: token, data }, 'latest'];
    const balance = decodeFunctionResult({
      abi: ERC20_ABI,
      functionName: 'balanceOf',
      data: await ctx.rpc.call<Hex>('eth_call', params),
    });
    if (balance === 0n) throw new Error('balanceOf(holder) is 0 right after deployment');
    const repeated = await closedLoopMetric(() => ctx.rpc.call('eth_call', params), ctx.quick);
    let index = 0;
    const distinct = await closedLoopWithCpu(
      () =>
        ctx.rpc.call('eth_call', [
          { to: token, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [distinctAddress(index++)] }) },
          'latest',
        ]),
      ctx.quick,
      ctx.pid,
    );
    return {
      'ethCall.balanceOf': repeated,
      'ethCall.distinct': distinct.rate,
      'ethCall.distinctCpu': distinct.cpu ?? { error: 'not measured' },
    };
  },
};
