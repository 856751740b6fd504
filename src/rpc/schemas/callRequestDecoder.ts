import type { CallRequest } from '../../execution/CallRequest.js';
import { parseQuantity } from '../../primitives/hex.js';
import { address, data, fixedBytes, quantity, uint64Quantity } from './decoders.js';
import { Schema, withSchema } from './jsonSchema.js';
import type { ParamDecoder } from './ParamDecoder.js';

// The transaction call object of eth_call, eth_estimateGas, eth_sendTransaction and their kin.

/**
 * Every field a call object may carry, with its JSON schema: the decoder refuses any other
 * ("unknown field …") and the published schema lists the same ones. `type`, `chainId` and the
 * blob fields are accepted for the clients that send them; a call does not read them
 * (eth_simulateV1 reads `chainId` and the blob fields itself).
 */
const CALL_OBJECT_PROPERTIES = {
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
};

/** The names of the fields a call object may carry. */
export const CALL_OBJECT_FIELDS: readonly string[] = Object.keys(CALL_OBJECT_PROPERTIES);
const CALL_FIELDS = new Set(CALL_OBJECT_FIELDS);

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
    properties: CALL_OBJECT_PROPERTIES,
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
