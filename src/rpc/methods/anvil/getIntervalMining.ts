import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** anvil_getIntervalMining: the block time of interval mining in seconds (a JSON number), or null in the other modes. */
export const anvilGetIntervalMining = defineMethod({
  name: 'anvil_getIntervalMining',
  summary: 'Returns the interval-mining block time in seconds, or null when not interval mining.',
  tier: 'dedicated',
  params: [],
  result: { name: 'seconds', schema: Schema.nullable({ type: 'number' }) },
  handler: (backend) => backend.mining.getIntervalMining(),
});
