import type { ParamDecoder } from './ParamDecoder.js';

/**
 * JSON Schemas of what methods accept and return, for rpc.discover (OpenRPC). A decoder gets its
 * schema with {@link withSchema} where it is defined, so the document is generated from the very
 * functions that check the params and cannot drift from them.
 */

/** A JSON Schema (draft 7, as OpenRPC 1.2.6 uses) as plain data. */
export type JsonSchema = { readonly [keyword: string]: unknown };

const schemas = new WeakMap<ParamDecoder<unknown>, JsonSchema>();

/** Attaches `schema` to `decoder` and returns the decoder, so a definition reads `export const x = withSchema((value) => …, {…})`. */
export function withSchema<T>(decoder: ParamDecoder<T>, schema: JsonSchema): ParamDecoder<T> {
  schemas.set(decoder, schema);
  return decoder;
}

/** The schema attached to `decoder`, or undefined when it has none. */
export function schemaOf(decoder: ParamDecoder<unknown>): JsonSchema | undefined {
  return schemas.get(decoder);
}

/** Building blocks shared by parameter and result schemas. */
export const Schema = {
  quantity: { title: 'quantity', type: 'string', pattern: '^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$' },
  data: { title: 'bytes', type: 'string', pattern: '^0x([0-9a-fA-F]{2})*$' },
  address: { title: 'address', type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
  hash: { title: 'hash32', type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' },
  bytes32: { title: 'bytes32', type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' },
  blockTag: { title: 'block tag', type: 'string', enum: ['latest', 'pending', 'safe', 'finalized', 'earliest'] },
  boolean: { type: 'boolean' },
  string: { type: 'string' },
  null: { type: 'null' },
  object: { type: 'object' },
  transaction: { title: 'transaction', type: 'object', required: ['hash', 'from', 'nonce', 'type'] },
  block: { title: 'block', type: 'object', required: ['number', 'hash', 'parentHash', 'transactions'] },
  receipt: { title: 'receipt', type: 'object', required: ['transactionHash', 'blockNumber', 'status', 'logs'] },
  log: {
    title: 'log',
    type: 'object',
    required: ['address', 'topics', 'data', 'blockNumber', 'blockHash', 'transactionHash', 'transactionIndex', 'logIndex', 'removed'],
  },
  feeHistory: {
    title: 'fee history',
    type: 'object',
    required: ['oldestBlock', 'baseFeePerGas', 'gasUsedRatio'],
  },
  accessListResult: { title: 'access list result', type: 'object', required: ['accessList', 'gasUsed'] },
  accountProof: {
    title: 'account proof',
    type: 'object',
    required: ['address', 'accountProof', 'balance', 'codeHash', 'nonce', 'storageHash', 'storageProof'],
  },
  trace: { title: 'trace (struct logs, or the call frame or prestate of the tracer asked for)', type: 'object' },
  transactionTrace: { title: 'transaction trace', type: 'object', required: ['txHash', 'result'] },
  simulatedBlock: { title: 'simulated block', type: 'object', required: ['number', 'hash', 'calls'] },
  nullable: (schema: JsonSchema): JsonSchema => ({ oneOf: [schema, { type: 'null' }] }),
  arrayOf: (items: JsonSchema): JsonSchema => ({ type: 'array', items }),
} as const;
