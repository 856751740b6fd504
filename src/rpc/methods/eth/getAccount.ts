import { blockSelector } from '../../schemas/blockDecoders.js';
import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_getAccount (geth, Anvil): the account as the state trie holds it at the block — nonce,
 * balance, storage root, code hash; an absent account reads as an empty one. The block is
 * required, as in geth. Dedicated tier with the dev surface it came with.
 */
export const getAccount = defineMethod({
  name: 'eth_getAccount',
  summary: 'Returns the nonce, balance, storage root and code hash of an account at a block.',
  tier: 'dedicated',
  params: [
    { name: 'address', decode: address },
    { name: 'block', decode: blockSelector },
  ],
  result: {
    name: 'account',
    schema: {
      type: 'object',
      properties: { nonce: Schema.quantity, balance: Schema.quantity, storageRoot: Schema.hash, codeHash: Schema.hash },
      required: ['nonce', 'balance', 'storageRoot', 'codeHash'],
    },
  },
  errors: [MethodErrors.headerNotFound],
  handler: (backend, [account, block]) => backend.dev.info.getAccount(account, block),
});
