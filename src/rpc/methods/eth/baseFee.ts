import { toQuantity } from '../../../primitives/hex.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * eth_baseFee (execution-apis): the base fee per gas of the next block, in wei. Sequin's next
 * block is the open one, whose base fee was fixed when it opened (what eth_gasPrice builds on).
 */
export const baseFee = defineMethod({
  name: 'eth_baseFee',
  summary: 'Returns the base fee per gas of the next block, in wei.',
  tier: 'public',
  params: [],
  result: { name: 'baseFee', schema: Schema.quantity },
  handler: (backend) => toQuantity(backend.fees.baseFee()),
});
