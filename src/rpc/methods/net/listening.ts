import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** net_listening: true; a serving node is listening (for clients, not peers). */
export const listening = defineMethod({
  name: 'net_listening',
  summary: 'Returns true: the node is serving.',
  tier: 'public',
  params: [],
  result: { name: 'listening', schema: Schema.boolean },
  handler: () => true,
});
