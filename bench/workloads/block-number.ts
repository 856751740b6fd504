/** eth_blockNumber throughput, closed loop (8 clients, a warm-up round of 1,000 requests, then three 1 s rounds, median and min–max): the cheapest call, so mostly RPC overhead. */
import { closedLoopMetric } from './closed-loop-config.js';
import type { Workload } from './types.js';

export const blockNumber: Workload = {
  name: 'blockNumber',
  metrics: [{ id: 'blockNumber', label: 'eth_blockNumber (calls/s)', better: 'higher', digits: 0 }],
  async run(ctx) {
    return { blockNumber: await closedLoopMetric(() => ctx.rpc.call('eth_blockNumber'), ctx.quick) };
  },
};
