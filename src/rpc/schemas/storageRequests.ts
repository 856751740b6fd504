import { bytesToHex } from '../../primitives/hex.js';
import { ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import { address, storageSlot } from './decoders.js';
import { withSchema } from './jsonSchema.js';
import type { ParamDecoder } from './ParamDecoder.js';

/** The most slots one eth_getStorageValues may read, over all its accounts (geth's limit). */
export const MAX_STORAGE_VALUES_SLOTS = 1024;

/** One account's slots to read, the address as the answer prints it (0x, lower case). */
export interface StorageRequest {
  address: Uint8Array;
  key: string;
  slots: Uint8Array[];
}

/**
 * eth_getStorageValues' first parameter: `{ address: [slot, …] }`. geth refuses an empty map
 * ("empty request") and more than 1,024 slots in all, both -32602 without an argument position.
 */
export const storageRequests: ParamDecoder<StorageRequest[]> = withSchema(
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new TypeError('json: cannot unmarshal non-object into Go value of type map[common.Address][]common.Hash');
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) throw new JsonRpcError(ErrorCodes.invalidParams, 'empty request');
    let total = 0;
    return entries.map(([key, slots]) => {
      const account = address(key);
      if (!Array.isArray(slots)) throw new TypeError('json: cannot unmarshal non-array into Go value of type []common.Hash');
      total += slots.length;
      if (total > MAX_STORAGE_VALUES_SLOTS) throw new JsonRpcError(ErrorCodes.invalidParams, `too many slots (max ${MAX_STORAGE_VALUES_SLOTS})`);
      return { address: account, key: bytesToHex(account), slots: slots.map((slot) => storageSlot(slot)) };
    });
  },
  {
    title: 'storage requests',
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string', pattern: '^0x[0-9a-fA-F]{0,64}$' } },
  },
);
