import { toQuantity } from '../../../primitives/hex.js';
import { optionalBlockSelector } from '../../schemas/blockDecoders.js';
import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_getTransactionCount: the account nonce. With "pending" it is the pre-confirmed nonce
 * raised past the sender's consecutive pool txs, so clients can send back-to-back.
 */
export const getTransactionCount = defineMethod({
  name: 'eth_getTransactionCount',
  summary: 'Returns the number of transactions sent from an account (its nonce).',
  tier: 'public',
  params: [
    { name: 'address', decode: address },
    { name: 'block', decode: optionalBlockSelector, optional: true },
  ],
  result: { name: 'nonce', schema: Schema.quantity },
  errors: [MethodErrors.headerNotFound],
  handler: (backend, [account, block]) => toQuantity(backend.state.getTransactionCount(account, block)),
});
