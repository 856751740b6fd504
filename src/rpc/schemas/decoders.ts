import type { StorageKeyRequest } from '../../execution/accountProof.js';
import type { CallRequest } from '../../execution/CallRequest.js';
import { parseGoDuration } from '../../execution/tracing/parseGoDuration.js';
import { defaultTraceConfig, MAX_TRACE_TIMEOUT_MS, type TraceCallConfig, type TraceConfig } from '../../execution/tracing/TraceConfig.js';
import { type BlockNumberOrTag, type BlockSelector, isBlockTagName } from '../../primitives/blockTag.js';
import { type Hex, hexToBytes, parseQuantity, toQuantity } from '../../primitives/hex.js';
import { ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import { Schema, schemaOf, withSchema } from './jsonSchema.js';
import { callBlockOverrides, stateOverride } from './overrideDecoders.js';
import type { ParamDecoder } from './ParamDecoder.js';

/**
 * Parameter decoders. Each throws a TypeError whose message says what is wrong; the server adds
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

/**
 * A block number, tag, or EIP-1898 object ({ blockNumber } / { blockHash, requireCanonical }). The
 * number may also be a whole JSON number, as Hardhat and Anvil accept for block numbers.
 */
export const blockSelector: ParamDecoder<BlockSelector> = withSchema(
  (value) => {
    if (isBlockTagName(value)) return { kind: 'tag', tag: value };
    if (typeof value === 'number') return { kind: 'number', number: quantityOrNumber(value) };
    if (typeof value === 'string') {
      if (value.length === 66) return { kind: 'hash', hash: hash(value) };
      return { kind: 'number', number: parseQuantity(value) };
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const object = value as Record<string, unknown>;
      if ('blockHash' in object && 'blockNumber' in object) throw new TypeError('cannot specify both BlockHash and BlockNumber, choose one or the other');
      if ('blockHash' in object) return { kind: 'hash', hash: hash(object.blockHash), requireCanonical: object.requireCanonical === true };
      if ('blockNumber' in object) return blockSelector(object.blockNumber);
    }
    throw new TypeError('hex string without 0x prefix or block tag expected ("latest", "pending", "safe", "finalized", "earliest")');
  },
  {
    title: 'block number, tag or hash',
    oneOf: [
      Schema.quantity,
      Schema.blockTag,
      Schema.hash,
      { type: 'object', properties: { blockNumber: Schema.quantity }, required: ['blockNumber'] },
      { type: 'object', properties: { blockHash: Schema.hash, requireCanonical: Schema.boolean }, required: ['blockHash'] },
    ],
  },
);

/** A block number or tag (see {@link blockNumberOrTag}). */

/** An optional block selector defaulting to "latest". */
export const optionalBlockSelector: ParamDecoder<BlockSelector> = withSchema(
  (value) => (value === undefined || value === null ? { kind: 'tag', tag: 'latest' } : blockSelector(value)),
  schemaOf(blockSelector)!,
);

/**
 * A block number or tag, without hashes or EIP-1898 objects: what geth's rpc.BlockNumber accepts
 * (eth_getBlockByNumber, eth_getBlockTransactionCountByNumber, ...), plus a whole JSON number, as
 * Hardhat and Anvil accept (`eth_getBlockByNumber` with `[0, false]`).
 */
export const blockNumberOrTag: ParamDecoder<BlockNumberOrTag> = withSchema(
  (value) => {
    if (isBlockTagName(value)) return { kind: 'tag', tag: value };
    const number = quantityOrNumber(value);
    if (number >= 2n ** 64n) throw new TypeError('hex number > 64 bits');
    if (number > 2n ** 63n - 1n) throw new TypeError('block number larger than int64');
    return { kind: 'number', number };
  },
  { title: 'block number or tag', oneOf: [Schema.quantity, Schema.blockTag] },
);

const CALL_FIELDS = new Set([
  'from',
  'to',
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'value',
  'data',
  'input',
  'nonce',
  'accessList',
  'authorizationList',
  'type',
  'chainId',
  'blobVersionedHashes',
  'maxFeePerBlobGas',
]);

/** A transaction call object (eth_call, eth_estimateGas, eth_sendTransaction). */
export const callRequest: ParamDecoder<CallRequest> = withSchema(
  (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('transaction object expected');
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) if (!CALL_FIELDS.has(key)) throw new TypeError(`unknown field "${key}" in transaction object`);
    const field = <T>(name: string, decode: ParamDecoder<T>): T | undefined => {
      const raw = object[name];
      if (raw === undefined || raw === null) return undefined;
      try {
        return decode(raw);
      } catch (error) {
        throw new TypeError(`field "${name}": ${(error as Error).message}`);
      }
    };
    const input = field('input', data);
    const legacyData = field('data', data);
    if (input && legacyData && Buffer.compare(input, legacyData) !== 0) {
      throw new TypeError('both "data" and "input" are set and not equal. Please use "input" to pass transaction call data');
    }
    const gasPrice = field('gasPrice', quantity);
    const maxFeePerGas = field('maxFeePerGas', quantity);
    const maxPriorityFeePerGas = field('maxPriorityFeePerGas', quantity);
    if (gasPrice !== undefined && (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined)) {
      throw new TypeError('both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified');
    }
    const request: CallRequest = {};
    const from = field('from', address);
    if (from) request.from = from;
    if (object.to === null) request.to = null;
    else {
      const to = field('to', address);
      if (to) request.to = to;
    }
    const gas = field('gas', uint64Quantity);
    if (gas !== undefined) request.gas = gas;
    if (gasPrice !== undefined) request.gasPrice = gasPrice;
    if (maxFeePerGas !== undefined) request.maxFeePerGas = maxFeePerGas;
    if (maxPriorityFeePerGas !== undefined) request.maxPriorityFeePerGas = maxPriorityFeePerGas;
    const callValue = field('value', quantity);
    if (callValue !== undefined) request.value = callValue;
    const callData = input ?? legacyData;
    if (callData) request.data = callData;
    const nonce = field('nonce', uint64Quantity);
    if (nonce !== undefined) request.nonce = nonce;
    const accessList = field('accessList', accessListDecoder);
    if (accessList) request.accessList = accessList;
    const authorizationList = field('authorizationList', authorizationListDecoder);
    if (authorizationList) request.authorizationList = authorizationList;
    return request;
  },
  {
    title: 'transaction call object',
    type: 'object',
    additionalProperties: false,
    properties: {
      from: Schema.address,
      to: Schema.nullable(Schema.address),
      gas: Schema.quantity,
      gasPrice: Schema.quantity,
      maxFeePerGas: Schema.quantity,
      maxPriorityFeePerGas: Schema.quantity,
      value: Schema.quantity,
      data: Schema.data,
      input: Schema.data,
      nonce: Schema.quantity,
      accessList: Schema.arrayOf({ type: 'object', properties: { address: Schema.address, storageKeys: Schema.arrayOf(Schema.hash) } }),
      authorizationList: Schema.arrayOf({ type: 'object' }),
      type: Schema.quantity,
      chainId: Schema.quantity,
      blobVersionedHashes: Schema.arrayOf(Schema.hash),
      maxFeePerBlobGas: Schema.quantity,
    },
  },
);

const accessListDecoder: ParamDecoder<NonNullable<CallRequest['accessList']>> = (value) => {
  if (!Array.isArray(value)) throw new TypeError('array expected');
  return value.map((item) => {
    if (item === null || typeof item !== 'object') throw new TypeError('access list entry must be an object');
    const entry = item as Record<string, unknown>;
    const keys = entry.storageKeys ?? [];
    if (!Array.isArray(keys)) throw new TypeError('storageKeys must be an array');
    return { address: address(entry.address), storageKeys: keys.map((key) => fixedBytes(key, 32, 'storage key')) };
  });
};

const authorizationListDecoder: ParamDecoder<NonNullable<CallRequest['authorizationList']>> = (value) => {
  if (!Array.isArray(value)) throw new TypeError('array expected');
  return value.map((item) => {
    if (item === null || typeof item !== 'object') throw new TypeError('authorization must be an object');
    const entry = item as Record<string, unknown>;
    return {
      chainId: parseQuantity(entry.chainId),
      address: address(entry.address),
      nonce: parseQuantity(entry.nonce),
      yParity: Number(parseQuantity(entry.yParity ?? entry.v)),
      r: parseQuantity(entry.r),
      s: parseQuantity(entry.s),
    };
  });
};

/** eth_feeHistory's block count: a quantity or a plain number (geth accepts both). */
export const blockCount: ParamDecoder<number> = withSchema(
  (value) => {
    const count = typeof value === 'number' ? value : Number(parseQuantity(value));
    if (!Number.isInteger(count) || count < 0) throw new TypeError('block count must be a non-negative integer');
    return count;
  },
  { title: 'block count', oneOf: [Schema.quantity, { type: 'integer', minimum: 0 }] },
);

/** eth_feeHistory's reward percentiles: increasing numbers in [0, 100]. */
export const percentiles: ParamDecoder<number[] | undefined> = withSchema(
  (value) => {
    if (value === undefined || value === null) return undefined;
    // Go's JSON words for a value of the wrong type (never the value itself: String() of a client's
    // object can throw, or print "[object Object]").
    if (!Array.isArray(value)) throw new TypeError(`json: cannot unmarshal ${jsonKind(value)} into Go value of type []float64`);
    let previous = -1;
    for (const item of value) {
      if (typeof item !== 'number') throw new TypeError(`json: cannot unmarshal ${jsonKind(item)} into Go value of type float64`);
      if (item < 0 || item > 100) throw new TypeError(`invalid reward percentile: ${item}`);
      if (item < previous) throw new TypeError(`invalid reward percentile: #${previous} > #${item}`);
      previous = item;
    }
    return value as number[];
  },
  Schema.arrayOf({ type: 'number', minimum: 0, maximum: 100 }),
);

function fixedBytes(value: unknown, length: number, what: string): Uint8Array {
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

// --- Tracing, access lists and proofs (debug_trace*, eth_getProof) ---

/** JSON Schema of geth's TraceConfig, for rpc.discover. */
const TRACE_CONFIG_SCHEMA = {
  title: 'trace config',
  type: 'object',
  properties: {
    tracer: { type: 'string', enum: ['callTracer', 'prestateTracer'] },
    tracerConfig: { type: 'object' },
    timeout: { type: 'string', description: 'Go duration, e.g. "5s"' },
    enableMemory: { type: 'boolean' },
    disableStack: { type: 'boolean' },
    disableStorage: { type: 'boolean' },
    enableReturnData: { type: 'boolean' },
    limit: { type: 'integer', minimum: 0 },
  },
};

/**
 * A trace config (geth's TraceConfig): `tracer`, `tracerConfig`, `timeout` (a Go duration, 5 s by
 * default, clamped to MAX_TRACE_TIMEOUT_MS) and the struct logger's options. Absent or null means
 * geth's defaults; unknown fields are ignored, as Go's JSON decoding ignores them. A timeout Go
 * cannot parse fails as geth fails it: -32000 `time: invalid duration "…"`.
 */
export const traceConfig: ParamDecoder<TraceConfig> = withSchema((value) => decodeTraceConfig(value, 'TraceConfig'), TRACE_CONFIG_SCHEMA);

/** debug_traceCall's config: {@link traceConfig} plus `txIndex`, and geth's `stateOverrides` and `blockOverrides`. */
export const traceCallConfig: ParamDecoder<TraceCallConfig> = withSchema(
  (value) => {
    const config: TraceCallConfig = decodeTraceConfig(value, 'TraceCallConfig');
    if (value === undefined || value === null) return config;
    const object = value as Record<string, unknown>;
    if (object.txIndex !== undefined && object.txIndex !== null) config.txIndex = Number(parseQuantity(object.txIndex));
    const stateOverrides = stateOverride(object.stateOverrides);
    if (stateOverrides !== undefined) config.stateOverrides = stateOverrides;
    const blockOverrides = callBlockOverrides(object.blockOverrides);
    if (blockOverrides !== undefined) config.blockOverrides = blockOverrides;
    return config;
  },
  {
    ...TRACE_CONFIG_SCHEMA,
    title: 'trace call config',
    properties: {
      ...TRACE_CONFIG_SCHEMA.properties,
      txIndex: Schema.quantity,
      stateOverrides: schemaOf(stateOverride)!,
      blockOverrides: schemaOf(callBlockOverrides)!,
    },
  },
);

function decodeTraceConfig(value: unknown, goType: string): TraceConfig {
  const config = defaultTraceConfig();
  if (value === undefined || value === null) return config;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new TypeError(`json: cannot unmarshal ${jsonKind(value)} into Go value of type tracers.${goType}`);
  const object = value as Record<string, unknown>;
  const field = <T>(name: string, type: 'string' | 'boolean' | 'number', goFieldType: string): T | undefined => {
    const raw = object[name];
    if (raw === undefined || raw === null) return undefined;
    if (typeof raw !== type) throw new TypeError(`json: cannot unmarshal ${jsonKind(raw)} into Go struct field ${goType}.${name} of type ${goFieldType}`);
    return raw as T;
  };
  const tracer = field<string>('tracer', 'string', 'string');
  if (tracer !== undefined && tracer !== '') config.tracer = tracer;
  const tracerOptions = object.tracerConfig;
  if (tracerOptions !== undefined && tracerOptions !== null) {
    if (typeof tracerOptions !== 'object' || Array.isArray(tracerOptions)) throw new TypeError('tracerConfig must be a JSON object');
    config.tracerConfig = tracerOptions as Record<string, unknown>;
  }
  const logger = config.logger;
  logger.enableMemory = field<boolean>('enableMemory', 'boolean', 'bool') ?? false;
  logger.disableStack = field<boolean>('disableStack', 'boolean', 'bool') ?? false;
  logger.disableStorage = field<boolean>('disableStorage', 'boolean', 'bool') ?? false;
  logger.enableReturnData = field<boolean>('enableReturnData', 'boolean', 'bool') ?? false;
  const limit = field<number>('limit', 'number', 'int') ?? 0;
  if (!Number.isInteger(limit)) throw new TypeError(`json: cannot unmarshal number ${limit} into Go struct field ${goType}.limit of type int`);
  logger.limit = Math.max(0, limit);
  const timeout = field<string>('timeout', 'string', 'string');
  if (timeout !== undefined) {
    let milliseconds: number;
    try {
      milliseconds = parseGoDuration(timeout);
    } catch (error) {
      throw new JsonRpcError(ErrorCodes.server, (error as Error).message);
    }
    config.timeoutMs = Math.min(Math.max(0, milliseconds), MAX_TRACE_TIMEOUT_MS);
  }
  return config;
}

function jsonKind(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'array';
  return 'object';
}

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
      if (typeof key !== 'string') throw new TypeError(`json: cannot unmarshal ${jsonKind(key)} into Go value of type string`);
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
