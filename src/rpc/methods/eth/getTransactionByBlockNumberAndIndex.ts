import { blockNumberOrTag } from '../../schemas/blockDecoders.js';
import { quantity } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_getTransactionByBlockNumberAndIndex: the tx at an index of a block ("pending" = the open block's pre-confirmed txs), or null. */
export const getTransactionByBlockNumberAndIndex = defineMethod({
  name: 'eth_getTransactionByBlockNumberAndIndex',
  summary: 'Returns the transaction at an index of a block given by number or tag, or null.',
  tier: 'public',
  params: [
    { name: 'block', decode: blockNumberOrTag },
    { name: 'index', decode: quantity },
  ],
  result: { name: 'transaction', schema: Schema.nullable(Schema.transaction) },
  handler: (backend, [block, index]) => backend.blocks.getTransactionByBlockAndIndex(block, index),
});
