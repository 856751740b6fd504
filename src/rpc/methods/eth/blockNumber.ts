import { toQuantity } from '../../../primitives/hex.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_blockNumber: the number of the last sealed block ("latest"). */
export const blockNumber = defineMethod({
  name: 'eth_blockNumber',
  summary: 'Returns the number of the last sealed block.',
  tier: 'public',
  params: [],
  handler: (backend) => toQuantity(backend.blocks.blockNumber()),
});
