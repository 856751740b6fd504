import { hash, quantity } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_getTransactionByBlockHashAndIndex: the tx at an index of a sealed block, or null. */
export const getTransactionByBlockHashAndIndex = defineMethod({
  name: 'eth_getTransactionByBlockHashAndIndex',
  summary: 'Returns the transaction at an index of a block given by hash, or null.',
  tier: 'public',
  params: [
    { name: 'blockHash', decode: hash },
    { name: 'index', decode: quantity },
  ],
  result: { name: 'transaction', schema: Schema.nullable(Schema.transaction) },
  handler: (backend, [blockHash, index]) => backend.blocks.getTransactionByBlockAndIndex({ kind: 'hash', hash: blockHash }, index),
});
