import { bytesToHex, padBytes } from '../../../primitives/hex.js';
import { optionalBlockSelector } from '../../schemas/blockDecoders.js';
import { address, storageSlot } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/** eth_getStorageAt: a storage slot's value as 32 bytes. */
export const getStorageAt = defineMethod({
  name: 'eth_getStorageAt',
  summary: 'Returns the value of a storage slot as 32 bytes.',
  tier: 'public',
  params: [
    { name: 'address', decode: address },
    { name: 'slot', decode: storageSlot },
    { name: 'block', decode: optionalBlockSelector, optional: true },
  ],
  result: { name: 'value', schema: Schema.bytes32 },
  errors: [MethodErrors.headerNotFound],
  handler: (backend, [account, slot, block]) => bytesToHex(padBytes(backend.state.getStorageAt(account, slot, block), 32)),
});
