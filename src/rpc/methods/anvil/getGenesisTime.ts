import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_getGenesisTime: the genesis block's timestamp in seconds (a JSON number, as Anvil).
 */
export const anvilGetGenesisTime = defineMethod({
  name: 'anvil_getGenesisTime',
  summary: 'Returns the timestamp of the genesis block.',
  tier: 'dedicated',
  params: [],
  result: { name: 'timestamp', schema: { type: 'integer', minimum: 0 } },
  handler: (backend) => backend.dev.info.genesisTime(),
});
