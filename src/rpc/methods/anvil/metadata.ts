import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_metadata: client version, chain id, instance id, latest block and (no) forked
 * network, in Hardhat's shape with Anvil's additions. Hardhat Ignition and hardhat-viem read it to
 * recognise a dev chain.
 */
export const anvilMetadata = defineMethod({
  name: 'anvil_metadata',
  aliases: ['hardhat_metadata'],
  summary: 'Returns metadata about the node instance.',
  tier: 'dedicated',
  params: [],
  result: { name: 'info', schema: Schema.object },
  handler: (backend) => backend.dev.info.metadata(),
});
