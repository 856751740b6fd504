import { blockSelector } from '../../schemas/blockDecoders.js';
import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/** eth_getAccountInfo (Anvil): an account's balance, nonce and code at a block, in one call. The block is required, as in Anvil. */
export const getAccountInfo = defineMethod({
  name: 'eth_getAccountInfo',
  summary: 'Returns the balance, nonce and code of an account at a block.',
  tier: 'dedicated',
  params: [
    { name: 'address', decode: address },
    { name: 'block', decode: blockSelector },
  ],
  result: {
    name: 'accountInfo',
    schema: { type: 'object', properties: { balance: Schema.quantity, nonce: Schema.quantity, code: Schema.data }, required: ['balance', 'nonce', 'code'] },
  },
  errors: [MethodErrors.headerNotFound],
  handler: (backend, [account, block]) => backend.dev.info.getAccountInfo(account, block),
});
