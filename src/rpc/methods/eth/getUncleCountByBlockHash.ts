import { hash } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_getUncleCountByBlockHash: "0x0" for a known block (no uncles), null for an unknown hash. */
export const getUncleCountByBlockHash = defineMethod({
  name: 'eth_getUncleCountByBlockHash',
  summary: 'Returns the number of uncles of a block given by hash (0), or null.',
  tier: 'public',
  params: [{ name: 'blockHash', decode: hash }],
  result: { name: 'count', schema: Schema.nullable(Schema.quantity) },
  handler: (backend, [blockHash]) => (backend.blocks.getBlockTransactionCount({ kind: 'hash', hash: blockHash }) === null ? null : '0x0'),
});
