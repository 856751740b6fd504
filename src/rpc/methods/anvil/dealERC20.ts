import { ErrorCodes } from '../../errors/errorCodes.js';
import { anvilNumber } from '../../schemas/anvilDecoders.js';
import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_dealERC20: sets an owner's balance of an ERC-20 token by
 * finding the slot balanceOf reads (services/dev/findErc20Slot.ts) and writing it as a state edit.
 * Answers null, as Anvil; -32000 `Unable to set ERC20 balance, no slot found` when no slot fits.
 */
export const anvilDealErc20 = defineMethod({
  name: 'anvil_dealERC20',
  aliases: ['hardhat_dealERC20', 'anvil_setERC20Balance'],
  summary: 'Sets the ERC-20 token balance of an account.',
  tier: 'dedicated',
  params: [
    { name: 'owner', decode: address },
    { name: 'token', decode: address },
    { name: 'amount', decode: anvilNumber },
  ],
  result: { name: 'null', schema: Schema.null },
  errors: [{ code: ErrorCodes.server, when: 'no storage slot of the token holds the balance: "Unable to set ERC20 balance, no slot found"' }],
  handler: (backend, [owner, token, amount]) => backend.dev.state.dealErc20(owner, token, amount).then(() => null),
});
