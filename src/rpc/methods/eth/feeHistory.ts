import { blockSelector } from '../../schemas/blockDecoders.js';
import { blockCount, percentiles } from '../../schemas/feeHistoryDecoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/** eth_feeHistory: base fees, gas-used ratios and tip percentiles of recent sealed blocks (at most 1024). */
export const feeHistory = defineMethod({
  name: 'eth_feeHistory',
  summary: 'Returns base fees, gas used ratios and reward percentiles of a range of blocks.',
  tier: 'public',
  params: [
    { name: 'blockCount', decode: blockCount },
    { name: 'newestBlock', decode: blockSelector },
    { name: 'rewardPercentiles', decode: percentiles, optional: true },
  ],
  result: { name: 'feeHistory', schema: Schema.feeHistory },
  errors: [MethodErrors.headerNotFound],
  handler: (backend, [count, newest, rewardPercentiles]) => backend.fees.feeHistory(count, newest, rewardPercentiles),
});
