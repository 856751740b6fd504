import { toQuantity } from '../../../primitives/hex.js';
import { optionalBlockSelector } from '../../schemas/blockDecoders.js';
import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/** eth_getBalance: wei balance at a block ("pending" = pre-confirmed state). */
export const getBalance = defineMethod({
  name: 'eth_getBalance',
  summary: 'Returns the balance of an account in wei.',
  tier: 'public',
  params: [
    { name: 'address', decode: address },
    { name: 'block', decode: optionalBlockSelector, optional: true },
  ],
  result: { name: 'balance', schema: Schema.quantity },
  errors: [MethodErrors.headerNotFound],
  handler: (backend, [account, block]) => toQuantity(backend.state.getBalance(account, block)),
});
