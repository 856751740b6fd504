import { ErrorCodes } from '../../errors/errorCodes.js';
import { anvilNumber } from '../../schemas/anvilDecoders.js';
import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_setERC20Allowance: sets an owner's allowance for a spender on an ERC-20 token by finding the slot
 * allowance(owner, spender) reads and writing it as a state edit. Answers null, as Anvil.
 */
export const anvilSetErc20Allowance = defineMethod({
  name: 'anvil_setERC20Allowance',
  summary: 'Sets the ERC-20 allowance of an owner for a spender.',
  tier: 'dedicated',
  params: [
    { name: 'owner', decode: address },
    { name: 'spender', decode: address },
    { name: 'token', decode: address },
    { name: 'amount', decode: anvilNumber },
  ],
  result: { name: 'null', schema: Schema.null },
  errors: [{ code: ErrorCodes.server, when: 'no storage slot of the token holds the allowance: "Unable to set ERC20 allowance, no slot found"' }],
  handler: (backend, [owner, spender, token, amount]) => backend.dev.state.setErc20Allowance(owner, spender, token, amount).then(() => null),
});
