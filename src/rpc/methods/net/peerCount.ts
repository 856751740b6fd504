import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** net_peerCount: "0x0"; a single sequencer has no peer-to-peer network. */
export const peerCount = defineMethod({
  name: 'net_peerCount',
  summary: 'Returns the number of peers: 0x0 (a single sequencer has none).',
  tier: 'public',
  params: [],
  result: { name: 'peerCount', schema: Schema.quantity },
  handler: () => '0x0',
});
