import { toQuantity } from '../../../primitives/hex.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_blockNumber: the number of the last sealed block ("latest"). */
export const blockNumber = defineMethod({
  name: 'eth_blockNumber',
  summary: 'Returns the number of the last sealed block.',
  tier: 'public',
  params: [],
  result: { name: 'blockNumber', schema: Schema.quantity },
  handler: (backend) => toQuantity(backend.blocks.blockNumber()),
});
