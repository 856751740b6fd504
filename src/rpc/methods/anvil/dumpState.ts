import { optionalBoolean } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_dumpState: the pending state (every account and slot) in Anvil's format, as
 * 0x-hex of gzipped JSON (services/dev/serializableState.ts). Anvil's optional flag (keep historical
 * states) is accepted; Sequin's dumps never hold historical states.
 */
export const anvilDumpState = defineMethod({
  name: 'anvil_dumpState',
  aliases: ['hardhat_dumpState'],
  summary: 'Returns the state as 0x-hex of gzipped JSON, in the format of Anvil.',
  tier: 'dedicated',
  params: [{ name: 'preserveHistoricalStates', decode: optionalBoolean, optional: true }],
  result: { name: 'state', schema: Schema.data },
  handler: (backend) => backend.dev.dumps.dumpState(),
});
