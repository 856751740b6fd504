import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * sequin_sequencer (issue 26): the address of the key that signs every sub-block's commitment and the
 * chain id of its EIP-712 domain, `{ address, chainId }` — what `sequin/verify` checks answers against.
 * Check it out of band (the node's start-up line, the operator's docs): an RPC that lies about the
 * answers may lie about this too.
 */
export const sequencer = defineMethod({
  name: 'sequin_sequencer',
  summary: 'Returns the address of the sequencer key that signs sub-block commitments, and the chain id.',
  tier: 'public',
  params: [],
  result: {
    name: 'sequencer',
    schema: {
      type: 'object',
      properties: { address: { oneOf: [{ type: 'string' }, { type: 'null' }] }, chainId: { type: 'string' } },
      required: ['address', 'chainId'],
    },
  },
  handler: (backend) => backend.preconfirmations.sequencer(),
});
