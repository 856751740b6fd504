import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod, type MethodDefinition } from '../../server/MethodDefinition.js';

/** anvil_getAutomine (alias hardhat_getAutomine): true while instant mining ("automine") is on. */
export const anvilGetAutomine = defineMethod({
  name: 'anvil_getAutomine',
  summary: 'Returns whether instant mining (automine) is on.',
  tier: 'dedicated',
  params: [],
  result: { name: 'automine', schema: Schema.boolean },
  handler: (backend) => backend.mining.getAutomine(),
});

export const hardhatGetAutomine: MethodDefinition = { ...anvilGetAutomine, name: 'hardhat_getAutomine' };
