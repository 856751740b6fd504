/**
 * eth_call throughput, closed loop (8 clients, 3 s): TestToken `balanceOf(holder)` at
 * 'latest', after checking once that it decodes to a non-zero balance.
 */

import type { Hex } from 'viem';
import { decodeFunctionResult, encodeFunctionData } from 'viem';
import { benchAccounts } from '../lib/accounts.js';
import { closedLoop } from '../lib/closed-loop.js';
import { ERC20_ABI } from '../lib/erc20.js';
import { CLIENTS, loopDurationMs } from './closed-loop-config.js';
import type { Workload } from './types.js';

export const ethCall: Workload = {
  name: 'ethCall',
  metrics: [{ id: 'ethCall.balanceOf', label: 'eth_call, ERC-20 balanceOf (calls/s)', better: 'higher', digits: 0 }],
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
    const result = await closedLoop(() => ctx.rpc.call('eth_call', params), {
      concurrency: CLIENTS,
      durationMs: loopDurationMs(ctx.quick),
    });
    return {
      'ethCall.balanceOf': { value: result.perSecond, note: result.errors > 0 ? `${result.errors} errors` : undefined },
    };
  },
};
