/**
 * eth_call throughput, closed loop (8 clients, 3 s each), on the TestToken at 'latest', after
 * checking once that `balanceOf(holder)` decodes to a non-zero balance:
 * - the same `balanceOf(holder)` call over and over (what a polling dapp sends; a node may
 *   answer repeats from a cache, Sequin does);
 * - `balanceOf` of a different address each call, so every call executes.
 */

import type { Hex } from 'viem';
import { decodeFunctionResult, encodeFunctionData } from 'viem';
import { benchAccounts } from '../lib/accounts.js';
import { closedLoop } from '../lib/closed-loop.js';
import { distinctAddress } from '../lib/distinctAddress.js';
import { ERC20_ABI } from '../lib/erc20.js';
import { CLIENTS, loopDurationMs } from './closed-loop-config.js';
import type { Workload } from './types.js';

export const ethCall: Workload = {
  name: 'ethCall',
  metrics: [
    { id: 'ethCall.balanceOf', label: 'eth_call, ERC-20 balanceOf, same call repeated (calls/s)', better: 'higher', digits: 0 },
    { id: 'ethCall.distinct', label: 'eth_call, ERC-20 balanceOf of a new address each call (calls/s)', better: 'higher', digits: 0 },
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
    const repeated = await closedLoop(() => ctx.rpc.call('eth_call', params), {
      concurrency: CLIENTS,
      durationMs: loopDurationMs(ctx.quick),
    });
    let index = 0;
    const distinct = await closedLoop(
      () =>
        ctx.rpc.call('eth_call', [
          { to: token, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [distinctAddress(index++)] }) },
          'latest',
        ]),
      { concurrency: CLIENTS, durationMs: loopDurationMs(ctx.quick) },
    );
    return {
      'ethCall.balanceOf': { value: repeated.perSecond, note: repeated.errors > 0 ? `${repeated.errors} errors` : undefined },
      'ethCall.distinct': { value: distinct.perSecond, note: distinct.errors > 0 ? `${distinct.errors} errors` : undefined },
    };
  },
};
