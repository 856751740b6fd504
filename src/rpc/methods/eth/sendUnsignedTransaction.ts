import { callRequest } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * eth_sendUnsignedTransaction (Anvil; viem's `sendUnsignedTransaction` test action): fills and
 * submits a transaction as its `from`, with the impersonation signature, whether or not the
 * address is impersonated (execution/impersonatedTransaction.ts). Dedicated tier: it spends
 * anyone's funds.
 */
export const sendUnsignedTransaction = defineMethod({
  name: 'eth_sendUnsignedTransaction',
  summary: 'Submits a transaction as its from address without a signature.',
  tier: 'dedicated',
  params: [{ name: 'transaction', decode: callRequest }],
  result: { name: 'hash', schema: Schema.hash },
  handler: (backend, [request]) => backend.transactions.sendUnsignedTransaction(request),
});
