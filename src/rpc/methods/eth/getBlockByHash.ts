import { boolean, hash } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_getBlockByHash: a sealed block by hash, or null. */
export const getBlockByHash = defineMethod({
  name: 'eth_getBlockByHash',
  summary: 'Returns a block by hash, or null.',
  tier: 'public',
  params: [
    { name: 'hash', decode: hash },
    { name: 'fullTransactions', decode: boolean },
  ],
  result: { name: 'block', schema: Schema.nullable(Schema.block) },
  handler: (backend, [blockHash, full]) => backend.blocks.getBlock({ kind: 'hash', hash: blockHash }, full),
});
