import { toQuantity } from '../../../primitives/hex.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_gasPrice: a legacy gas price that gets a tx into the next sub-block (base fee + suggested tip). */
export const gasPrice = defineMethod({
  name: 'eth_gasPrice',
  summary: 'Returns a suggested legacy gas price in wei.',
  tier: 'public',
  params: [],
  result: { name: 'gasPrice', schema: Schema.quantity },
  handler: (backend) => toQuantity(backend.fees.gasPrice()),
});
