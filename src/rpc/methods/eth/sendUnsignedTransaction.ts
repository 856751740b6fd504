import { ErrorCodes } from '../../errors/errorCodes.js';
import { callRequest } from '../../schemas/callRequestDecoder.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

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
  errors: [{ code: ErrorCodes.server, when: '`from` is missing: "from address is required"' }, MethodErrors.poolRejection],
  handler: (backend, [request]) => backend.transactions.sendUnsignedTransaction(request),
});
