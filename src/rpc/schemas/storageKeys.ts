import type { StorageKeyRequest } from '../../execution/accountProof.js';
import { type Hex, hexToBytes, toQuantity } from '../../primitives/hex.js';
import { ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import { goJsonKind } from './goJsonKind.js';
import { withSchema } from './jsonSchema.js';
import type { ParamDecoder } from './ParamDecoder.js';

/** The most storage keys one eth_getProof may ask for (geth's maxGetProofKeys). */
export const MAX_PROOF_KEYS = 1024;

/**
 * eth_getProof's storage keys, parsed as leniently as geth: the 0x prefix is optional, odd
 * lengths are left-padded, at most 32 bytes. Each key is printed back as given when it was 32
 * bytes, else as a quantity. Errors are -32602 with geth's wording (no argument position).
 */
export const storageKeys: ParamDecoder<StorageKeyRequest[]> = withSchema(
  (value) => {
    if (!Array.isArray(value)) throw new TypeError('json: cannot unmarshal non-array into Go value of type []string');
    if (value.length > MAX_PROOF_KEYS)
      throw new JsonRpcError(ErrorCodes.invalidParams, `too many storage keys requested (max ${MAX_PROOF_KEYS}, got ${value.length})`);
    return value.map((key) => {
      if (typeof key !== 'string') throw new TypeError(`json: cannot unmarshal ${goJsonKind(key)} into Go value of type string`);
      let digits = key.startsWith('0x') || key.startsWith('0X') ? key.slice(2) : key;
      if (digits.length % 2 === 1) digits = `0${digits}`;
      if (digits.length > 64) throw new JsonRpcError(ErrorCodes.invalidParams, `storage key too long (want at most 32 bytes): ${JSON.stringify(key)}`);
      if (!/^[0-9a-fA-F]*$/.test(digits)) throw new JsonRpcError(ErrorCodes.invalidParams, `invalid hex in storage key: ${JSON.stringify(key)}`);
      const slot = hexToBytes(`0x${digits.padStart(64, '0')}`);
      const printed: Hex = digits.length === 64 ? `0x${digits.toLowerCase()}` : toQuantity(BigInt(`0x${digits || '0'}`));
      return { slot, printed };
    });
  },
  { title: 'storage keys', type: 'array', maxItems: MAX_PROOF_KEYS, items: { type: 'string', pattern: '^(0x)?[0-9a-fA-F]{0,64}$' } },
);
