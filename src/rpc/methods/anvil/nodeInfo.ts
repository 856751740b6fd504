import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_nodeInfo: the head block, hardfork, pool order, the next block's environment and (no) fork, in
 * Anvil's shape.
 */
export const anvilNodeInfo = defineMethod({
  name: 'anvil_nodeInfo',
  summary: 'Returns the configuration and head block of the node.',
  tier: 'dedicated',
  params: [],
  result: { name: 'info', schema: Schema.object },
  handler: (backend) => backend.dev.info.nodeInfo(),
});
