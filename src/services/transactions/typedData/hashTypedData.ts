/**
 * The EIP-712 digest of a typed data document: keccak256(0x19 ‖ 0x01 ‖ domainSeparator ‖
 * hashStruct(message)), hashStruct(s) = keccak256(typeHash ‖ encodeData(s)), as the EIP defines it
 * (https://eips.ethereum.org/EIPS/eip-712). What is accepted follows Anvil and wallets, which are
 * more lenient than geth's clef in two places: fields the types do not declare are ignored (clef
 * refuses them), and a document without an `EIP712Domain` type gets one made of the domain's own
 * fields (name, version, chainId, verifyingContract, salt, in that order), as viem and Anvil do.
 * Values that do not fit their type are refused in geth's words: `provided data '…' doesn't match
 * type '…'`, `integer larger than '…'`, `invalid negative value for unsigned type …`.
 */
import { bigintToPaddedBytes, concatBytes, hexToBytes, padBytes } from '../../../primitives/hex.js';
import { keccak256 } from '../../../primitives/keccak.js';
import type { TypedData, TypedDataField } from './readTypedData.js';
import { TypedDataError } from './TypedDataError.js';

/** The domain fields EIP-712 defines, in its order, with their types. */
const DOMAIN_FIELDS: TypedDataField[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
];

/** The 32-byte digest a signer signs for `data`. */
export function hashTypedData(data: TypedData): Uint8Array {
  const types = { ...data.types, EIP712Domain: data.types.EIP712Domain ?? DOMAIN_FIELDS.filter(({ name }) => data.domain[name] !== undefined) };
  const encoder = new StructEncoder(types);
  const parts = [Uint8Array.of(0x19, 0x01), encoder.hashStruct('EIP712Domain', data.domain)];
  // A document whose primary type is the domain signs the domain separator alone (EIP-712, viem).
  if (data.primaryType !== 'EIP712Domain') parts.push(encoder.hashStruct(data.primaryType, data.message));
  return keccak256(concatBytes(parts));
}

class StructEncoder {
  constructor(private readonly types: Record<string, TypedDataField[]>) {}

  hashStruct(type: string, value: Record<string, unknown>): Uint8Array {
    return keccak256(this.encodeData(type, value));
  }

  /** typeHash ‖ enc(value₁) ‖ … ‖ enc(valueₙ), each 32 bytes. */
  private encodeData(type: string, value: Record<string, unknown>): Uint8Array {
    const fields = this.types[type]!;
    return concatBytes([keccak256(new TextEncoder().encode(this.encodeType(type))), ...fields.map((field) => this.encodeField(field.type, value[field.name]))]);
  }

  /** `Name(type₁ name₁,…)` of the type, then of each struct it references, those sorted by name. */
  private encodeType(primary: string): string {
    const [first, ...rest] = this.dependencies(primary, []);
    return [first!, ...rest.sort()].map((name) => `${name}(${this.types[name]!.map((field) => `${field.type} ${field.name}`).join(',')})`).join('');
  }

  private dependencies(type: string, found: string[]): string[] {
    const name = type.split('[')[0]!;
    if (found.includes(name) || this.types[name] === undefined) return found;
    found.push(name);
    for (const field of this.types[name]!) this.dependencies(field.type, found);
    return found;
  }

  private encodeField(type: string, value: unknown): Uint8Array {
    const array = /^(.*)\[(\d*)\]$/.exec(type);
    if (array) {
      const [, element, length] = array as unknown as [string, string, string];
      if (!Array.isArray(value) || (length !== '' && value.length !== Number(length))) throw mismatch(type, value);
      return keccak256(concatBytes(value.map((item) => this.encodeField(element, item))));
    }
    if (this.types[type] !== undefined) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw mismatch(type, value);
      return this.hashStruct(type, value as Record<string, unknown>);
    }
    return encodeAtomic(type, value);
  }
}

/** The 32-byte encoding of a value of an atomic or dynamic (bytes, string) type. */
function encodeAtomic(type: string, value: unknown): Uint8Array {
  switch (type) {
    case 'address': {
      if (typeof value !== 'string' || !/^(0[xX])?[0-9a-fA-F]{40}$/.test(value)) throw mismatch(type, value);
      return padBytes(hexToBytes(`0x${value.slice(-40)}`), 32);
    }
    case 'bool':
      if (typeof value !== 'boolean') throw mismatch(type, value);
      return bigintToPaddedBytes(value ? 1n : 0n, 32);
    case 'string':
      if (typeof value !== 'string') throw mismatch(type, value);
      return keccak256(new TextEncoder().encode(value));
    case 'bytes':
      return keccak256(hexBytes(type, value));
  }
  const fixedBytes = /^bytes(\d+)$/.exec(type);
  if (fixedBytes) {
    const bytes = hexBytes(type, value);
    if (bytes.length !== Number(fixedBytes[1])) throw mismatch(type, value);
    const out = new Uint8Array(32);
    out.set(bytes);
    return out;
  }
  const integer = /^(u?)int(\d*)$/.exec(type);
  if (integer) return encodeInteger(type, integer[1] === 'u', integer[2] === '' ? 256 : Number(integer[2]), value);
  throw new TypedDataError(`unrecognized type '${type}'`);
}

/** An integer of `bits` bits as a 256-bit two's complement word; accepts JSON integers, bigints and decimal or 0x strings. */
function encodeInteger(type: string, unsigned: boolean, bits: number, value: unknown): Uint8Array {
  let number: bigint;
  if (typeof value === 'bigint') number = value;
  else if (typeof value === 'number') {
    // geth reads JSON numbers as float64 and refuses those an int64 cannot hold exactly.
    if (!Number.isInteger(value) || Math.abs(value) > 2 ** 63) throw new TypedDataError(`invalid float value ${value} for type ${type}`);
    number = BigInt(value);
  } else if (typeof value === 'string') {
    if (!/^(0[xX][0-9a-fA-F]{1,64}|\d{1,78})$/.test(value) || BigInt(value) >= 2n ** 256n)
      throw new TypedDataError(`invalid hex or decimal integer "${value}"`);
    number = BigInt(value);
  } else throw new TypedDataError(`invalid integer value ${goValue(value)}/${goType(value)} for type ${type}`);
  const larger = () => new TypedDataError(`integer larger than '${type}'`);
  if (unsigned) {
    // Size first, as geth checks it (so -300 for a uint8 is "larger", -1 is "negative").
    if ((number < 0n ? -number : number) >= 2n ** BigInt(bits)) throw larger();
    if (number < 0n) throw new TypedDataError(`invalid negative value for unsigned type ${type}`);
  } else if (number >= 2n ** BigInt(bits - 1) || number < -(2n ** BigInt(bits - 1))) throw larger();
  return bigintToPaddedBytes(number < 0n ? 2n ** 256n + number : number, 32);
}

function hexBytes(type: string, value: unknown): Uint8Array {
  if (typeof value !== 'string' || !/^0[xX]([0-9a-fA-F]{2})*$/.test(value)) throw mismatch(type, value);
  return hexToBytes(`0x${value.slice(2)}`);
}

/** geth's dataMismatchError. */
function mismatch(type: string, value: unknown): TypedDataError {
  return new TypedDataError(`provided data '${goValue(value)}' doesn't match type '${type}'`);
}

/** A JSON value as Go's %v prints what encoding/json decoded it to (maps with sorted keys, slices space-separated). */
function goValue(value: unknown): string {
  if (value === undefined || value === null) return '<nil>';
  if (Array.isArray(value)) return `[${value.map(goValue).join(' ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${entries.map(([key, item]) => `${key}:${goValue(item)}`).join(' ')}]`;
  }
  return String(value);
}

/** The Go type encoding/json decodes a JSON value to. */
function goType(value: unknown): string {
  if (value === undefined || value === null) return '<nil>';
  if (Array.isArray(value)) return '[]interface {}';
  if (typeof value === 'object') return 'map[string]interface {}';
  return typeof value === 'boolean' ? 'bool' : typeof value === 'string' ? 'string' : 'float64';
}
