import { blockSelector } from '../../schemas/blockDecoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * eth_getBlockReceipts (spec: docs/spec/chain-rpc-service.md): every receipt of one block, in order.
 * "pending" = receipts of the txs pre-confirmed so far in the open block (latest's when none).
 * Unknown block → null. Dedicated tier: public endpoints answer it with HTTP 403.
 */
export const getBlockReceipts = defineMethod({
  name: 'eth_getBlockReceipts',
  summary: 'Returns all transaction receipts of one block.',
  tier: 'dedicated',
  params: [{ name: 'block', decode: blockSelector }],
  result: { name: 'receipts', schema: Schema.nullable(Schema.arrayOf(Schema.receipt)) },
  handler: (backend, [block]) => backend.blocks.getBlockReceipts(block),
});
