import type { SimulatedBlockRequest, SimulatedCall, SimulationRequest } from '../../execution/simulation/SimulationRequest.js';
import { hexToBytes, parseQuantity } from '../../primitives/hex.js';
import { CALL_OBJECT_FIELDS, callRequest } from './callRequestDecoder.js';
import { type JsonSchema, Schema, schemaOf, withSchema } from './jsonSchema.js';
import { decodeBlockOverrides, decodeStateOverride } from './overrideDecoders.js';
import type { ParamDecoder } from './ParamDecoder.js';

const SIMULATION_SCHEMA: JsonSchema = {
  title: 'simulation',
  type: 'object',
  required: ['blockStateCalls'],
  properties: {
    blockStateCalls: Schema.arrayOf({
      type: 'object',
      properties: { blockOverrides: Schema.object, stateOverrides: Schema.object, calls: Schema.arrayOf(schemaOf(callRequest)!) },
    }),
    traceTransfers: Schema.boolean,
    validation: Schema.boolean,
    returnFullTransactions: Schema.boolean,
  },
};

/**
 * eth_simulateV1's first parameter, decoded as geth's JSON decoding reads it: field names match
 * without regard to case, unknown fields are ignored, null is absent. Calls are transaction call
 * objects (plus `chainId`, `maxFeePerBlobGas`, `blobVersionedHashes`).
 */
export const simulationRequest: ParamDecoder<SimulationRequest> = withSchema((value) => {
  const object = caseless(value, 'ethapi.simOpts');
  const blocks = object.get('blockstatecalls');
  if (blocks !== undefined && blocks !== null && !Array.isArray(blocks))
    throw new TypeError('json: cannot unmarshal non-array into Go struct field simOpts.BlockStateCalls of type []ethapi.simBlock');
  return {
    blockStateCalls: ((blocks as unknown[] | null | undefined) ?? []).map((block, index) => simulatedBlock(block, index)),
    traceTransfers: flag(object.get('tracetransfers'), 'TraceTransfers'),
    validation: flag(object.get('validation'), 'Validation'),
    returnFullTransactions: flag(object.get('returnfulltransactions'), 'ReturnFullTransactions'),
  };
}, SIMULATION_SCHEMA);

function simulatedBlock(value: unknown, index: number): SimulatedBlockRequest {
  if (value === null) return { calls: [] };
  const object = caseless(value, 'ethapi.simBlock');
  const calls = object.get('calls');
  if (calls !== undefined && calls !== null && !Array.isArray(calls))
    throw new TypeError(`blockStateCalls[${index}].calls: json: cannot unmarshal non-array into Go value of type []ethapi.TransactionArgs`);
  const block: SimulatedBlockRequest = { calls: ((calls as unknown[] | null | undefined) ?? []).map((call) => simulatedCall(call)) };
  const blockOverrides = decodeBlockOverrides(object.get('blockoverrides'));
  if (blockOverrides !== undefined) block.blockOverrides = blockOverrides;
  const stateOverrides = decodeStateOverride(object.get('stateoverrides'));
  if (stateOverrides !== undefined) block.stateOverrides = stateOverrides;
  return block;
}

function simulatedCall(value: unknown): SimulatedCall {
  const object = caseless(value, 'ethapi.TransactionArgs');
  const known: Record<string, unknown> = {};
  for (const field of CALL_OBJECT_FIELDS) {
    const raw = object.get(field.toLowerCase());
    if (raw !== undefined) known[field] = raw;
  }
  const call: SimulatedCall = callRequest(known);
  const chainId = object.get('chainid');
  if (chainId !== undefined && chainId !== null) call.chainId = field('chainId', () => parseQuantity(chainId));
  const blobFeeCap = object.get('maxfeeperblobgas');
  if (blobFeeCap !== undefined && blobFeeCap !== null) call.maxFeePerBlobGas = field('maxFeePerBlobGas', () => parseQuantity(blobFeeCap));
  const hashes = object.get('blobversionedhashes');
  if (hashes !== undefined && hashes !== null) {
    call.blobVersionedHashes = field('blobVersionedHashes', () => {
      if (!Array.isArray(hashes)) throw new TypeError('array expected');
      return hashes.map((hash) => {
        const bytes = typeof hash === 'string' ? hexToBytes(hash) : undefined;
        if (bytes?.length !== 32) throw new TypeError('hash of 32 bytes expected');
        return bytes;
      });
    });
  }
  return call;
}

/** An object's fields by lower-cased name (Go's case-insensitive match). */
function caseless(value: unknown, goType: string): Map<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go value of type ${goType}`);
  }
  return new Map(Object.entries(value as Record<string, unknown>).map(([key, field]) => [key.toLowerCase(), field]));
}

function flag(value: unknown, name: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new TypeError(`json: cannot unmarshal ${typeof value} into Go struct field simOpts.${name} of type bool`);
  return value;
}

function field<T>(name: string, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw new TypeError(`field "${name}": ${(error as Error).message}`);
  }
}
