import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_removePoolTransactions: takes every pool transaction of a sender out of the pool and the journal.
 * Answers null.
 */
export const anvilRemovePoolTransactions = defineMethod({
  name: 'anvil_removePoolTransactions',
  summary: 'Removes the transactions of a sender from the pool.',
  tier: 'dedicated',
  params: [{ name: 'address', decode: address }],
  result: { name: 'null', schema: Schema.null },
  handler: (backend, [account]) => backend.dev.pool.removePoolTransactions(account).then(() => null),
});
