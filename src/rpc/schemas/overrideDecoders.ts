import { InvalidOverrideError } from '../../errors/InvalidOverrideError.js';
import type { BlockOverrides } from '../../execution/overrides/BlockOverrides.js';
import type { Overrides } from '../../execution/overrides/Overrides.js';
import type { AccountOverride, StateOverride } from '../../execution/overrides/StateOverride.js';
import { hexToBytes, parseQuantity } from '../../primitives/hex.js';
import { type JsonSchema, Schema, withSchema } from './jsonSchema.js';
import type { ParamDecoder } from './ParamDecoder.js';

/**
 * Decoders of geth's override parameters: state overrides (`{ address: { balance, nonce, code,
 * state, stateDiff, movePrecompileToAddress } }`) and block overrides (`{ number, time, gasLimit,
 * feeRecipient, prevRandao, baseFeePerGas, blobBaseFee, … }`). As in geth's JSON decoding, null
 * fields count as absent, unknown fields are ignored, and block override names match without
 * regard to case (Go's rule for untagged fields); `coinbase` is also read as `feeRecipient`, as
 * Anvil does, and `prevRandao` may be shorter than 32 bytes, as viem sends it. Storage keys and values are 32-byte hashes.
 */

const ACCOUNT_OVERRIDE_SCHEMA: JsonSchema = {
  title: 'account override',
  type: 'object',
  properties: {
    balance: Schema.quantity,
    nonce: Schema.quantity,
    code: Schema.data,
    state: { type: 'object', additionalProperties: Schema.hash },
    stateDiff: { type: 'object', additionalProperties: Schema.hash },
    movePrecompileToAddress: Schema.address,
  },
};

const STATE_OVERRIDE_SCHEMA: JsonSchema = { title: 'state override', type: 'object', additionalProperties: ACCOUNT_OVERRIDE_SCHEMA };

const BLOCK_OVERRIDES_SCHEMA: JsonSchema = {
  title: 'block overrides',
  type: 'object',
  properties: {
    number: Schema.quantity,
    difficulty: Schema.quantity,
    time: Schema.quantity,
    gasLimit: Schema.quantity,
    feeRecipient: Schema.address,
    prevRandao: Schema.hash,
    baseFeePerGas: Schema.quantity,
    blobBaseFee: Schema.quantity,
    beaconRoot: Schema.hash,
    withdrawals: Schema.arrayOf(Schema.object),
  },
};

/** An optional state override (absent or null: none). */
export const stateOverride: ParamDecoder<StateOverride | undefined> = withSchema((value) => decodeStateOverride(value), STATE_OVERRIDE_SCHEMA);

/** An optional block override for eth_call, eth_estimateGas and debug_traceCall: `beaconRoot` and `withdrawals` are refused (geth's -32000). */
export const callBlockOverrides: ParamDecoder<BlockOverrides | undefined> = withSchema((value) => {
  const overrides = decodeBlockOverrides(value);
  if (overrides?.beaconRoot !== undefined) throw new InvalidOverrideError({ kind: 'blockOverrideNotSupported', field: 'beaconRoot' });
  if (overrides?.withdrawals !== undefined) throw new InvalidOverrideError({ kind: 'blockOverrideNotSupported', field: 'withdrawals' });
  return overrides;
}, BLOCK_OVERRIDES_SCHEMA);

/** A state override object, or undefined for absent / null. */
export function decodeStateOverride(value: unknown): StateOverride | undefined {
  if (value === undefined || value === null) return undefined;
  const entries = objectEntries(value, 'StateOverride');
  const override: StateOverride = new Map();
  for (const [key, fields] of entries) {
    const account = withField(key, () => address(key));
    override.set(Buffer.from(account).toString('hex'), decodeAccountOverride(fields, key));
  }
  return override;
}

function decodeAccountOverride(value: unknown, key: string): AccountOverride {
  if (value === null) return {};
  const object = Object.fromEntries(objectEntries(value, 'OverrideAccount'));
  const account: AccountOverride = {};
  const field = <T>(name: string, decode: ParamDecoder<T>): T | undefined => {
    const raw = object[name];
    return raw === undefined || raw === null ? undefined : withField(`${key}.${name}`, () => decode(raw));
  };
  const nonce = field('nonce', uint64Quantity);
  if (nonce !== undefined) account.nonce = nonce;
  const code = field('code', data);
  if (code !== undefined) account.code = code;
  const balance = field('balance', quantity);
  if (balance !== undefined) account.balance = balance;
  const state = field('state', storageMap);
  if (state !== undefined) account.state = state;
  const stateDiff = field('stateDiff', storageMap);
  if (stateDiff !== undefined) account.stateDiff = stateDiff;
  const target = field('movePrecompileToAddress', address);
  if (target !== undefined) account.movePrecompileToAddress = Buffer.from(target).toString('hex');
  return account;
}

/** `{ slot: value }` of 32-byte hashes, keyed by unprefixed 64-digit hex. */
const storageMap: ParamDecoder<Map<string, Uint8Array>> = (value) => {
  const slots = new Map<string, Uint8Array>();
  for (const [slot, word] of objectEntries(value, 'map[common.Hash]common.Hash')) {
    slots.set(Buffer.from(hash32(slot)).toString('hex'), hash32(word));
  }
  return slots;
};

/** A block overrides object, or undefined for absent / null (eth_simulateV1 allows every field). */
export function decodeBlockOverrides(value: unknown): BlockOverrides | undefined {
  if (value === undefined || value === null) return undefined;
  const object = new Map<string, unknown>();
  for (const [key, field] of objectEntries(value, 'override.BlockOverrides')) object.set(key.toLowerCase(), field);
  if (!object.has('feerecipient') && object.has('coinbase')) object.set('feerecipient', object.get('coinbase'));
  const field = <T>(name: string, decode: ParamDecoder<T>): T | undefined => {
    const raw = object.get(name.toLowerCase());
    return raw === undefined || raw === null ? undefined : withField(name, () => decode(raw));
  };
  const overrides: BlockOverrides = {};
  const set = <K extends keyof BlockOverrides>(name: K, decoded: BlockOverrides[K] | undefined) => {
    if (decoded !== undefined) overrides[name] = decoded;
  };
  set('number', field('number', quantity));
  set('difficulty', field('difficulty', quantity));
  set('time', field('time', uint64Quantity));
  set('gasLimit', field('gasLimit', uint64Quantity));
  set('feeRecipient', field('feeRecipient', address));
  set('prevRandao', field('prevRandao', randao));
  set('baseFeePerGas', field('baseFeePerGas', quantity));
  set('blobBaseFee', field('blobBaseFee', quantity));
  set('beaconRoot', field('beaconRoot', hash32));
  set('withdrawals', field('withdrawals', withdrawals));
  return overrides;
}

const withdrawals: ParamDecoder<NonNullable<BlockOverrides['withdrawals']>> = (value) => {
  if (!Array.isArray(value)) throw new TypeError('json: cannot unmarshal non-array into Go value of type types.Withdrawals');
  return value.map((item) => {
    const object = Object.fromEntries(objectEntries(item, 'types.Withdrawal'));
    return {
      index: uint64Quantity(object.index),
      validatorIndex: uint64Quantity(object.validatorIndex),
      address: address(object.address),
      amount: uint64Quantity(object.amount),
    };
  });
};

/**
 * `prevRandao`: a 32-byte hash as geth takes it, or a shorter hex value left-padded, as viem sends
 * it (a quantity: `0x6`).
 */
function randao(value: unknown): Uint8Array {
  if (typeof value === 'string' && value.startsWith('0x') && value.length < 66 && /^0x[0-9a-fA-F]+$/.test(value)) {
    return hexToBytes(`0x${value.slice(2).padStart(64, '0')}`);
  }
  return hash32(value);
}

/** A 32-byte hash (geth's common.Hash: exactly 64 hex digits). */
function hash32(value: unknown): Uint8Array {
  if (typeof value !== 'string') throw new TypeError('json: cannot unmarshal non-string into Go value of type common.Hash');
  if (!value.startsWith('0x')) throw new TypeError('hex string without 0x prefix');
  if (value.length !== 66) throw new TypeError(`hex string has length ${value.length - 2}, want 64 for common.Hash`);
  return hexToBytes(value);
}

function objectEntries(value: unknown, goType: string): Array<[string, unknown]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go value of type ${goType}`);
  }
  return Object.entries(value as Record<string, unknown>);
}

/** Runs a decoder, naming the field in its error. */
function withField<T>(name: string, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    if (error instanceof TypeError) throw new TypeError(`${name}: ${error.message}`);
    throw error;
  }
}

/** Decoded override parameters as one {@link Overrides}, or undefined when neither was given. */
export function overridesOf(state: StateOverride | undefined, block: BlockOverrides | undefined): Overrides | undefined {
  if (state === undefined && block === undefined) return undefined;
  return { ...(state === undefined ? {} : { state }), ...(block === undefined ? {} : { block }) };
}

// The scalar decoders, as in decoders.ts (which imports this module, so they cannot come from there).
const quantity: ParamDecoder<bigint> = (value) => parseQuantity(value);

const uint64Quantity: ParamDecoder<bigint> = (value) => {
  const parsed = parseQuantity(value);
  if (parsed >= 2n ** 64n) throw new TypeError('hex number > 64 bits');
  return parsed;
};

const data: ParamDecoder<Uint8Array> = (value) => {
  if (typeof value !== 'string') throw new TypeError('hex string expected');
  return hexToBytes(value);
};

const address: ParamDecoder<Uint8Array> = (value) => {
  if (typeof value !== 'string') throw new TypeError('hex string expected for address');
  if (!value.startsWith('0x')) throw new TypeError('hex string without 0x prefix');
  const bytes = hexToBytes(value);
  if (bytes.length !== 20) throw new TypeError(`hex string has length ${value.length - 2}, want 40 for address`);
  return bytes;
};
