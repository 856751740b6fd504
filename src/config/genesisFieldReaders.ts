/**
 * Readers for the value types of a geth genesis file, each accepting what geth's JSON decoding accepts
 * and throwing {@link GethGenesisError} naming the field otherwise:
 *
 * - `hexOrDecimal`: geth's `math.HexOrDecimal64/256`: a JSON integer, or a string "0x…" (hex), "…"
 *   (decimal) or "" (zero).
 * - `configInteger`: a `*big.Int` / `*uint64` of `config`: a JSON integer only.
 * - `hexData`: `hexutil.Bytes`: a string "0x…" of even length ("" is empty).
 * - `fixedHex`: `common.Hash` / `common.Address`: "0x" and exactly the right number of hex digits.
 * - `storageWord`: a storage key or value: up to 64 hex digits, "0x" optional, left-padded to 32 bytes.
 */
import { bytesToHex, type Hex } from '../primitives/hex.js';
import type { JsonWithBigInts } from '../primitives/parseJsonWithBigInts.js';

/** A genesis file geth would refuse, or Sequin cannot run; `field` is the path of the value at fault. */
export class GethGenesisError extends Error {
  readonly field: string;

  constructor(field: string, problem: string) {
    super(field === '' ? `invalid genesis file: ${problem}` : `invalid genesis file: ${field}: ${problem}`);
    this.name = 'GethGenesisError';
    this.field = field;
  }
}

const HEX_DIGITS = /^[0-9a-fA-F]*$/;

/** A short JSON-ish rendering of a bad value for error messages. */
export function describeValue(value: JsonWithBigInts | undefined): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'bigint') return value.toString();
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** geth's HexOrDecimal: JSON integer or string (hex with 0x, decimal, or "" for zero), at most `bits` wide. */
export function hexOrDecimal(value: JsonWithBigInts | undefined, field: string, bits: 64 | 256): bigint {
  let parsed: bigint | undefined;
  if (typeof value === 'bigint') parsed = value;
  else if (typeof value === 'string') {
    if (value === '') parsed = 0n;
    else if (/^0[xX][0-9a-fA-F]+$/.test(value)) parsed = BigInt(`0x${value.slice(2)}`);
    else if (/^[0-9]+$/.test(value)) parsed = BigInt(value);
  }
  if (parsed === undefined) throw new GethGenesisError(field, `want a hex ("0x…") or decimal integer, got ${describeValue(value)}`);
  if (parsed < 0n || parsed >= 1n << BigInt(bits)) throw new GethGenesisError(field, `${parsed} does not fit in ${bits} bits`);
  return parsed;
}

/** A fork block, fork time, chain id or total difficulty of `config`: a non-negative JSON integer. */
export function configInteger(value: JsonWithBigInts | undefined, field: string, bits: 64 | 256): bigint {
  if (typeof value !== 'bigint') throw new GethGenesisError(field, `want a JSON integer, got ${describeValue(value)}`);
  if (value < 0n || value >= 1n << BigInt(bits)) throw new GethGenesisError(field, `${value} does not fit in ${bits} bits`);
  return value;
}

/** geth's hexutil.Bytes: "0x" + an even number of hex digits, or "" for none. */
export function hexData(value: JsonWithBigInts | undefined, field: string): Uint8Array {
  if (typeof value !== 'string') throw new GethGenesisError(field, `want a hex string, got ${describeValue(value)}`);
  if (value === '') return new Uint8Array(0);
  if (!/^0[xX]/.test(value)) throw new GethGenesisError(field, 'hex string without 0x prefix');
  const digits = value.slice(2);
  if (digits.length % 2 !== 0) throw new GethGenesisError(field, 'hex string of odd length');
  if (!HEX_DIGITS.test(digits)) throw new GethGenesisError(field, 'invalid hex string');
  return new Uint8Array(Buffer.from(digits, 'hex'));
}

/** A hash or address: "0x" + exactly `length` bytes of hex. */
export function fixedHex(value: JsonWithBigInts | undefined, field: string, length: number): Uint8Array {
  const bytes = hexData(value, field);
  if (bytes.length !== length) throw new GethGenesisError(field, `want ${length} bytes of hex, got ${bytes.length}`);
  return bytes;
}

/** An alloc key: 20 bytes of hex, with or without 0x; returned 0x-prefixed lower-case. */
export function allocAddress(key: string, field: string): Hex {
  const digits = /^0[xX]/.test(key) ? key.slice(2) : key;
  if (digits.length !== 40 || !HEX_DIGITS.test(digits)) throw new GethGenesisError(field, `not an address: ${describeValue(key)}`);
  return `0x${digits.toLowerCase()}`;
}

/** A storage key or value: up to 64 hex digits ("0x" optional, even count), left-padded to 32 bytes. */
export function storageWord(text: JsonWithBigInts | undefined, field: string): Hex {
  if (typeof text !== 'string') throw new GethGenesisError(field, `want a hex string, got ${describeValue(text)}`);
  const digits = text.startsWith('0x') ? text.slice(2) : text;
  if (digits.length > 64) throw new GethGenesisError(field, `too many hex characters in storage key/value ${describeValue(text)}`);
  if (digits.length % 2 !== 0 || !HEX_DIGITS.test(digits)) throw new GethGenesisError(field, `invalid hex storage key/value ${describeValue(text)}`);
  return bytesToHex(new Uint8Array(Buffer.from(digits.padStart(64, '0'), 'hex')));
}
