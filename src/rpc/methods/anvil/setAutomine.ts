import { boolean } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_setAutomine: `true` switches to instant mining (each submission
 * mined before it answers); `false` turns it off, leaving manual mining (Anvil's "no mining").
 * Answers null, as Anvil.
 */
export const anvilSetAutomine = defineMethod({
  name: 'anvil_setAutomine',
  aliases: ['evm_setAutomine'],
  summary: 'Turns instant mining (automine) on or off (off: manual mining).',
  tier: 'dedicated',
  params: [{ name: 'enabled', decode: boolean }],
  result: { name: 'null', schema: Schema.null },
  handler: async (backend, [enabled]) => {
    await backend.mining.setAutomine(enabled);
    return null;
  },
});
