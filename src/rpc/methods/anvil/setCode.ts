import { address, data } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_setCode: replaces an account's code (its storage is kept), as a state edit.
 * Answers null, as Anvil.
 */
export const anvilSetCode = defineMethod({
  name: 'anvil_setCode',
  aliases: ['hardhat_setCode'],
  summary: 'Sets the code of an account.',
  tier: 'dedicated',
  params: [
    { name: 'address', decode: address },
    { name: 'code', decode: data },
  ],
  result: { name: 'null', schema: Schema.null },
  handler: (backend, [account, code]) => backend.dev.state.setCode(account, code).then(() => null),
});
