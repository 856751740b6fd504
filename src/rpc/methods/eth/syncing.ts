import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_syncing: always false; the sequencer produces the chain, it never syncs it from peers. */
export const syncing = defineMethod({
  name: 'eth_syncing',
  summary: 'Returns false: the node is the sequencer and never syncs.',
  tier: 'public',
  params: [],
  result: { name: 'syncing', schema: Schema.boolean },
  handler: () => false,
});
