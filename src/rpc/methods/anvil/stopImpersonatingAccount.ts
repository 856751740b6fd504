import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_stopImpersonatingAccount: ends anvil_impersonateAccount for this
 * address. Answers null.
 */
export const anvilStopImpersonatingAccount = defineMethod({
  name: 'anvil_stopImpersonatingAccount',
  aliases: ['hardhat_stopImpersonatingAccount'],
  summary: 'Stops impersonating an address.',
  tier: 'dedicated',
  params: [{ name: 'address', decode: address }],
  result: { name: 'null', schema: Schema.null },
  handler: (backend, [account]) => {
    backend.dev.impersonation.stopImpersonating(account);
    return null;
  },
});
