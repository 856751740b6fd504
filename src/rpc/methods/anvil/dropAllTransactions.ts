import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_dropAllTransactions: empties the pool and its journal. Answers null.
 */
export const anvilDropAllTransactions = defineMethod({
  name: 'anvil_dropAllTransactions',
  aliases: ['hardhat_dropAllTransactions'],
  summary: 'Removes every transaction from the pool.',
  tier: 'dedicated',
  params: [],
  result: { name: 'null', schema: Schema.null },
  handler: (backend) => backend.dev.pool.dropAllTransactions().then(() => null),
});
