import type { PayloadAttributes } from '../../execution/block/BuildBlockRequest.js';
import type { PayloadWithdrawal } from '../../execution/block/buildBlock.js';
import { address, data, hash, uint64Quantity } from './decoders.js';
import { type JsonSchema, Schema, withSchema } from './jsonSchema.js';
import type { ParamDecoder } from './ParamDecoder.js';

/**
 * testing_buildBlockV1's parameters: the engine API's PayloadAttributesV3, the raw transactions (or
 * null: the pool's), and the extra data (at most 32 bytes, as a header holds). Field names are
 * matched exactly, as the engine API's JSON is.
 */

const WITHDRAWAL_SCHEMA: JsonSchema = {
  title: 'withdrawal',
  type: 'object',
  required: ['index', 'validatorIndex', 'address', 'amount'],
  properties: { index: Schema.quantity, validatorIndex: Schema.quantity, address: Schema.address, amount: Schema.quantity },
};

const PAYLOAD_ATTRIBUTES_SCHEMA: JsonSchema = {
  title: 'payload attributes',
  type: 'object',
  required: ['timestamp', 'prevRandao', 'suggestedFeeRecipient'],
  properties: {
    timestamp: Schema.quantity,
    prevRandao: Schema.hash,
    suggestedFeeRecipient: Schema.address,
    withdrawals: Schema.nullable(Schema.arrayOf(WITHDRAWAL_SCHEMA)),
    parentBeaconBlockRoot: Schema.nullable(Schema.hash),
  },
};

/** The engine API's PayloadAttributesV3 (withdrawals and parentBeaconBlockRoot optional, for forks before them). */
export const payloadAttributes: ParamDecoder<PayloadAttributes> = withSchema((value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError('payload attributes must be an object');
  const object = value as Record<string, unknown>;
  const withdrawals = object.withdrawals;
  if (withdrawals !== undefined && withdrawals !== null && !Array.isArray(withdrawals)) throw new TypeError('withdrawals: array expected');
  const beaconRoot = object.parentBeaconBlockRoot;
  return {
    timestamp: field('timestamp', () => uint64Quantity(object.timestamp)),
    prevRandao: field('prevRandao', () => bytes32(object.prevRandao)),
    suggestedFeeRecipient: field('suggestedFeeRecipient', () => address(object.suggestedFeeRecipient)),
    withdrawals: withdrawals === undefined || withdrawals === null ? undefined : field('withdrawals', () => (withdrawals as unknown[]).map(withdrawal)),
    parentBeaconBlockRoot: beaconRoot === undefined || beaconRoot === null ? undefined : field('parentBeaconBlockRoot', () => bytes32(beaconRoot)),
  };
}, PAYLOAD_ATTRIBUTES_SCHEMA);

/** The raw transactions to include, or null for the pool's. */
export const rawTransactionList: ParamDecoder<Uint8Array[] | null> = withSchema(
  (value) => {
    if (value === null) return null;
    if (!Array.isArray(value)) throw new TypeError('array of transactions or null expected');
    return value.map((raw, index) => field(`transactions[${index}]`, () => data(raw)));
  },
  Schema.nullable(Schema.arrayOf(Schema.data)),
);

/** Extra data of at most 32 bytes; absent or null is none. */
export const extraData: ParamDecoder<Uint8Array> = withSchema(
  (value) => {
    if (value === undefined || value === null) return new Uint8Array(0);
    const bytes = data(value);
    if (bytes.length > 32) throw new TypeError(`extra data is ${bytes.length} bytes, at most 32`);
    return bytes;
  },
  Schema.nullable({ ...Schema.data, maxLength: 66 }),
);

function withdrawal(value: unknown): PayloadWithdrawal {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError('withdrawal must be an object');
  const object = value as Record<string, unknown>;
  return {
    index: field('index', () => uint64Quantity(object.index)),
    validatorIndex: field('validatorIndex', () => uint64Quantity(object.validatorIndex)),
    address: field('address', () => address(object.address)),
    amount: field('amount', () => uint64Quantity(object.amount)),
  };
}

function bytes32(value: unknown): Uint8Array {
  return Buffer.from(hash(value).slice(2), 'hex');
}

/** Runs a decoder, naming the field in its error. */
function field<T>(name: string, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    if (error instanceof TypeError) throw new TypeError(`${name}: ${error.message}`);
    throw error;
  }
}
