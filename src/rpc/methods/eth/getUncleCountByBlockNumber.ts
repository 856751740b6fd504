import { blockNumberOrTag } from '../../schemas/blockDecoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_getUncleCountByBlockNumber: "0x0" for a known block (no uncles), null for an unknown one. */
export const getUncleCountByBlockNumber = defineMethod({
  name: 'eth_getUncleCountByBlockNumber',
  summary: 'Returns the number of uncles of a block given by number or tag (0), or null.',
  tier: 'public',
  params: [{ name: 'block', decode: blockNumberOrTag }],
  result: { name: 'count', schema: Schema.nullable(Schema.quantity) },
  handler: (backend, [block]) => (backend.blocks.getBlockTransactionCount(block) === null ? null : '0x0'),
});
