import { blockNumberOrTag } from '../../schemas/blockDecoders.js';
import { quantity } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_getUncleByBlockNumberAndIndex: always null; a single sequencer's blocks have no uncles. */
export const getUncleByBlockNumberAndIndex = defineMethod({
  name: 'eth_getUncleByBlockNumberAndIndex',
  summary: 'Returns an uncle of a block given by number: always null (blocks have no uncles).',
  tier: 'public',
  params: [
    { name: 'block', decode: blockNumberOrTag },
    { name: 'index', decode: quantity },
  ],
  result: { name: 'uncle', schema: Schema.null },
  handler: () => null,
});
