import { hash, quantity } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_getUncleByBlockHashAndIndex: always null; a single sequencer's blocks have no uncles. */
export const getUncleByBlockHashAndIndex = defineMethod({
  name: 'eth_getUncleByBlockHashAndIndex',
  summary: 'Returns an uncle of a block given by hash: always null (blocks have no uncles).',
  tier: 'public',
  params: [
    { name: 'blockHash', decode: hash },
    { name: 'index', decode: quantity },
  ],
  result: { name: 'uncle', schema: Schema.null },
  handler: () => null,
});
