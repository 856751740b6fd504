import { blockSelector } from '../../schemas/blockDecoders.js';
import { boolean } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_getBlockByNumber: a sealed block, or "pending" (the open block so far; latest when nothing is pre-confirmed). */
export const getBlockByNumber = defineMethod({
  name: 'eth_getBlockByNumber',
  summary: 'Returns a block by number or tag, or null.',
  tier: 'public',
  params: [
    { name: 'block', decode: blockSelector },
    { name: 'fullTransactions', decode: boolean },
  ],
  result: { name: 'block', schema: Schema.nullable(Schema.block) },
  handler: (backend, [block, full]) => (block.kind === 'hash' ? null : backend.blocks.getBlock(block, full)),
});
