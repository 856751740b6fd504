import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_impersonateAccount: eth_sendTransaction may send as this address without
 * its key (execution/impersonatedTransaction.ts); contracts too. Answers null.
 */
export const anvilImpersonateAccount = defineMethod({
  name: 'anvil_impersonateAccount',
  aliases: ['hardhat_impersonateAccount'],
  summary: 'Lets eth_sendTransaction send as an address without its key.',
  tier: 'dedicated',
  params: [{ name: 'address', decode: address }],
  result: { name: 'null', schema: Schema.null },
  handler: (backend, [account]) => {
    backend.dev.impersonation.impersonate(account);
    return null;
  },
});
