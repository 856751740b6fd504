import { ErrorCodes } from '../../errors/errorCodes.js';
import { optionalBoolean } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * eth_newPendingTransactionFilter: installs a filter whose changes are the txs admitted to the
 * pool since the last poll: their hashes, or (geth's optional `fullTx` = true) the transactions.
 */
export const newPendingTransactionFilter = defineMethod({
  name: 'eth_newPendingTransactionFilter',
  summary: 'Installs a filter reporting transactions admitted to the pool; returns its id.',
  tier: 'public',
  params: [{ name: 'fullTransactions', decode: optionalBoolean, optional: true }],
  result: { name: 'filterId', schema: Schema.quantity },
  errors: [{ code: ErrorCodes.limitExceeded, when: 'too many filters are installed, by the node or by this client' }],
  handler: (backend, [fullTransactions], context) => backend.logs.newPendingTransactionFilter(fullTransactions, context.clientId),
});
