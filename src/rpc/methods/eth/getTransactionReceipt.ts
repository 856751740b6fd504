import { hash } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_getTransactionReceipt: the receipt once pre-confirmed (carrying the open block's number), or null. */
export const getTransactionReceipt = defineMethod({
  name: 'eth_getTransactionReceipt',
  summary: 'Returns the receipt of a pre-confirmed or sealed transaction, or null.',
  tier: 'public',
  params: [{ name: 'hash', decode: hash }],
  result: { name: 'receipt', schema: Schema.nullable(Schema.receipt) },
  handler: (backend, [transactionHash]) => backend.blocks.getTransactionReceipt(transactionHash),
});
