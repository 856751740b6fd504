import { anvilNumber } from '../../schemas/anvilDecoders.js';
import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_addBalance: adds to an account's balance (saturating at 2^256 - 1), as a state
 * edit. Answers null, as Anvil.
 */
export const anvilAddBalance = defineMethod({
  name: 'anvil_addBalance',
  aliases: ['hardhat_addBalance'],
  summary: 'Adds to the balance of an account.',
  tier: 'dedicated',
  params: [
    { name: 'address', decode: address },
    { name: 'amount', decode: anvilNumber },
  ],
  result: { name: 'null', schema: Schema.null },
  handler: (backend, [account, amount]) => backend.dev.state.addBalance(account, amount).then(() => null),
});
