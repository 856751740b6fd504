import { anvilNumber } from '../../schemas/anvilDecoders.js';
import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_setNonce: sets an account's nonce (above 2^64 - 1 it is
 * 2^64 - 1), as a state edit; pool transactions below it are dropped. Answers null, as Anvil.
 */
export const anvilSetNonce = defineMethod({
  name: 'anvil_setNonce',
  aliases: ['hardhat_setNonce', 'evm_setAccountNonce'],
  summary: 'Sets the nonce of an account.',
  tier: 'dedicated',
  params: [
    { name: 'address', decode: address },
    { name: 'nonce', decode: anvilNumber },
  ],
  result: { name: 'null', schema: Schema.null },
  handler: (backend, [account, nonce]) => backend.dev.state.setNonce(account, nonce).then(() => null),
});
