import { defineMethod } from '../../server/MethodDefinition.js';

/** net_version: the network id, which equals the chain id here, as a decimal string. */
export const version = defineMethod({
  name: 'net_version',
  summary: 'Returns the network id (the chain id) as a decimal string.',
  tier: 'public',
  params: [],
  result: { name: 'networkId', schema: { title: 'decimal string', type: 'string', pattern: '^[0-9]+$' } },
  handler: (backend) => backend.node.chainId().toString(10),
});
