import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * eth_config (EIP-7910): the chain's current fork and, when more are scheduled, the next and the
 * last one, each with its activation time, blob schedule, chain id, EIP-2124 fork id, precompiles
 * and system contracts, as geth answers it (config/forkConfigurations.ts).
 */
export const config = defineMethod({
  name: 'eth_config',
  summary: 'Returns the configuration of the current, next and last fork (EIP-7910).',
  tier: 'public',
  params: [],
  result: { name: 'config', schema: { title: 'fork configurations', type: 'object', required: ['current', 'next', 'last'] } },
  handler: (backend) => backend.chainConfig.config(),
});
