/** eth_blockNumber throughput, closed loop (8 clients, 3 s): the cheapest call, so mostly RPC overhead. */
import { closedLoop } from '../lib/closed-loop.js';
import { CLIENTS, loopDurationMs } from './closed-loop-config.js';
import type { Workload } from './types.js';

export const blockNumber: Workload = {
  name: 'blockNumber',
  metrics: [{ id: 'blockNumber', label: 'eth_blockNumber (calls/s)', better: 'higher', digits: 0 }],
  async run(ctx) {
    const result = await closedLoop(() => ctx.rpc.call('eth_blockNumber'), {
      concurrency: CLIENTS,
      durationMs: loopDurationMs(ctx.quick),
    });
    return { blockNumber: { value: result.perSecond, note: result.errors > 0 ? `${result.errors} errors` : undefined } };
  },
};
