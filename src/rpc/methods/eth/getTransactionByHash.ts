import { hash } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_getTransactionByHash: sealed, pre-confirmed (zero blockHash) or pooled (null block fields) tx, or null. */
export const getTransactionByHash = defineMethod({
  name: 'eth_getTransactionByHash',
  summary: 'Returns a transaction by hash, or null.',
  tier: 'public',
  params: [{ name: 'hash', decode: hash }],
  result: { name: 'transaction', schema: Schema.nullable(Schema.transaction) },
  handler: (backend, [transactionHash]) => backend.blocks.getTransactionByHash(transactionHash),
});
