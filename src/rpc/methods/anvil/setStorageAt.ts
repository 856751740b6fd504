import { slotNumber, word32 } from '../../schemas/anvilDecoders.js';
import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_setStorageAt: writes one storage slot (a 32-byte value), as a state edit.
 * Answers true, as Anvil and Hardhat.
 */
export const anvilSetStorageAt = defineMethod({
  name: 'anvil_setStorageAt',
  aliases: ['hardhat_setStorageAt'],
  summary: 'Writes one storage slot of an account.',
  tier: 'dedicated',
  params: [
    { name: 'address', decode: address },
    { name: 'slot', decode: slotNumber },
    { name: 'value', decode: word32 },
  ],
  result: { name: 'done', schema: Schema.boolean },
  handler: (backend, [account, slot, value]) => backend.dev.state.setStorageAt(account, slot, value).then(() => true),
});
