import { toQuantity } from '../../../primitives/hex.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_maxPriorityFeePerGas: the suggested EIP-1559 tip. */
export const maxPriorityFeePerGas = defineMethod({
  name: 'eth_maxPriorityFeePerGas',
  summary: 'Returns a suggested priority fee (tip) per gas in wei.',
  tier: 'public',
  params: [],
  result: { name: 'maxPriorityFeePerGas', schema: Schema.quantity },
  handler: (backend) => toQuantity(backend.fees.maxPriorityFeePerGas()),
});
