import { toQuantity } from '../../../primitives/hex.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_maxPriorityFeePerGas: the suggested EIP-1559 tip. */
export const maxPriorityFeePerGas = defineMethod({
  name: 'eth_maxPriorityFeePerGas',
  summary: 'Returns a suggested priority fee (tip) per gas in wei.',
  tier: 'public',
  params: [],
  handler: (backend) => toQuantity(backend.fees.maxPriorityFeePerGas()),
});
