import { anvilNumber } from '../../schemas/anvilDecoders.js';
import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_setBalance: sets an account's balance, as a state edit pre-confirmed in order
 * with transactions (services/dev/DevStateEdits.ts). Answers null, as Anvil.
 */
export const anvilSetBalance = defineMethod({
  name: 'anvil_setBalance',
  aliases: ['hardhat_setBalance'],
  summary: 'Sets the balance of an account.',
  tier: 'dedicated',
  params: [
    { name: 'address', decode: address },
    { name: 'balance', decode: anvilNumber },
  ],
  result: { name: 'null', schema: Schema.null },
  handler: (backend, [account, balance]) => backend.dev.state.setBalance(account, balance).then(() => null),
});
