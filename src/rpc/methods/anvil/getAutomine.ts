import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** anvil_getAutomine: true while instant mining ("automine") is on. */
export const anvilGetAutomine = defineMethod({
  name: 'anvil_getAutomine',
  aliases: ['hardhat_getAutomine'],
  summary: 'Returns whether instant mining (automine) is on.',
  tier: 'dedicated',
  params: [],
  result: { name: 'automine', schema: Schema.boolean },
  handler: (backend) => backend.mining.getAutomine(),
});
