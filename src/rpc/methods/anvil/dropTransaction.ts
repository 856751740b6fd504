import { hash } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_dropTransaction: takes a transaction (and its sender's later nonces) out of
 * the pool and the journal. Answers its hash, or null when the pool does not hold it.
 */
export const anvilDropTransaction = defineMethod({
  name: 'anvil_dropTransaction',
  aliases: ['hardhat_dropTransaction'],
  summary: 'Removes a transaction from the pool.',
  tier: 'dedicated',
  params: [{ name: 'hash', decode: hash }],
  result: { name: 'hash', schema: Schema.nullable(Schema.hash) },
  handler: (backend, [transaction]) => backend.dev.pool.dropTransaction(transaction),
});
