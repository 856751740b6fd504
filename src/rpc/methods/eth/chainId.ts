import { toQuantity } from '../../../primitives/hex.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_chainId (EIP-695): the chain id used for EIP-155 signing. */
export const chainId = defineMethod({
  name: 'eth_chainId',
  summary: 'Returns the chain id.',
  tier: 'public',
  params: [],
  result: { name: 'chainId', schema: Schema.quantity },
  handler: (backend) => toQuantity(backend.node.chainId()),
});
