import { type Hex, hexToBytes, parseQuantity } from '../../primitives/hex.js';
import { Schema, withSchema } from './jsonSchema.js';
import type { ParamDecoder } from './ParamDecoder.js';

/**
 * The basic parameter decoders: addresses, hashes, quantities, bytes, booleans, ids. The others
 * live beside them, one concept a file (blocks, call requests, fee history, traces, proofs,
 * overrides, simulations, Anvil's numbers). Each throws a TypeError whose message says what is wrong; the server adds
 * the position ("invalid argument 0: …"). Wording follows geth's JSON decoding errors. Each
 * carries its JSON Schema ({@link withSchema}), which rpc.discover publishes.
 */

/** A 20-byte 0x-address. */
export const address: ParamDecoder<Uint8Array> = withSchema((value) => fixedBytes(value, 20, 'address'), Schema.address);

/** A 32-byte 0x-hash. */
export const hash: ParamDecoder<Hex> = withSchema((value) => {
  fixedBytes(value, 32, 'hash');
  return (value as string).toLowerCase() as Hex;
}, Schema.hash);

/** Why a JSON number is refused where a quantity is expected. */
export const NOT_A_WHOLE_NUMBER = 'number must be a whole number from 0 to 2^53-1 (send larger values as hex quantities)';

/**
 * A quantity ("0x1a"), or, as Hardhat and Anvil accept (geth does not), a JSON number that is a
 * whole number from 0 to 2^53-1 (exact in JSON): `eth_getBlockByNumber` with `[0, false]`, a
 * call's `"gas": 30000`. Any other number is refused: a fraction, a negative, or an integer that
 * JSON may already have rounded.
 */
export function quantityOrNumber(value: unknown): bigint {
  if (typeof value !== 'number') return parseQuantity(value);
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(NOT_A_WHOLE_NUMBER);
  return BigInt(value);
}

/** A quantity ("0x1a", or a whole JSON number, see {@link quantityOrNumber}), as bigint. */
export const quantity: ParamDecoder<bigint> = withSchema((value) => quantityOrNumber(value), Schema.quantity);

/** A quantity that must fit 64 bits (geth's hexutil.Uint64: gas, nonce), as bigint. */
export const uint64Quantity: ParamDecoder<bigint> = (value) => {
  const parsed = quantityOrNumber(value);
  if (parsed >= 2n ** 64n) throw new TypeError('hex number > 64 bits');
  return parsed;
};

/** Arbitrary 0x-data. */
export const data: ParamDecoder<Uint8Array> = withSchema((value) => {
  if (typeof value !== 'string') throw new TypeError('hex string expected');
  return hexToBytes(value);
}, Schema.data);

/** A storage slot: geth accepts any 0x-hex up to 32 bytes, left-padded; Anvil also a whole JSON number. */
export const storageSlot: ParamDecoder<Uint8Array> = withSchema(
  (value) => {
    if (typeof value === 'number') return hexToBytes(`0x${quantityOrNumber(value).toString(16).padStart(64, '0')}`);
    if (typeof value !== 'string' || !value.startsWith('0x')) throw new TypeError('hex string without 0x prefix');
    const digits = value.slice(2);
    if (digits.length > 64) throw new TypeError('hex string too long, want at most 32 bytes');
    if (!/^[0-9a-fA-F]*$/.test(digits)) throw new TypeError('invalid hex string');
    return hexToBytes(`0x${digits.padStart(64, '0')}`);
  },
  { title: 'storage slot', type: 'string', pattern: '^0x[0-9a-fA-F]{0,64}$' },
);

export const boolean: ParamDecoder<boolean> = withSchema((value) => {
  if (typeof value !== 'boolean') throw new TypeError('boolean expected');
  return value;
}, Schema.boolean);

/** An optional boolean, false when absent. */
export const optionalBoolean: ParamDecoder<boolean> = withSchema((value) => (value === undefined ? false : boolean(value)), Schema.boolean);

/** Exactly `length` bytes of 0x-hex; `what` names the value in errors. */
export function fixedBytes(value: unknown, length: number, what: string): Uint8Array {
  if (typeof value !== 'string') throw new TypeError(`hex string expected for ${what}`);
  if (!value.startsWith('0x')) throw new TypeError('hex string without 0x prefix');
  const bytes = hexToBytes(value);
  if (bytes.length !== length) throw new TypeError(`hex string has length ${value.length - 2}, want ${length * 2} for ${what}`);
  return bytes;
}

/** A timeout in milliseconds: a positive integer, as a JSON number (EIP-7966, viem) or a quantity. */
export const timeoutMilliseconds: ParamDecoder<number | undefined> = withSchema(
  (value) => {
    if (value === undefined || value === null) return undefined;
    const milliseconds = typeof value === 'number' ? value : Number(parseQuantity(value));
    if (!Number.isSafeInteger(milliseconds) || milliseconds <= 0) throw new TypeError('timeout must be a positive whole number of milliseconds');
    return milliseconds;
  },
  { title: 'milliseconds', oneOf: [{ type: 'integer', minimum: 1 }, Schema.quantity] },
);

/** A filter id (eth_getFilterChanges and friends): any string, as geth's rpc.ID; unknown ids fail later with "filter not found". */
export const filterId: ParamDecoder<string> = withSchema(
  (value) => {
    if (typeof value !== 'string') throw new TypeError('filter id must be a string');
    return value;
  },
  { title: 'filter id', type: 'string' },
);
