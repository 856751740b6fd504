/**
 * Dummy methods for the RPC server's own tests: each exercises one path of the envelope (decoders,
 * optional params, void results, errors, BigInt leaks, the dedicated tier, slow calls).
 */
import { TransactionRejectedError } from '../errors/TransactionRejectedError.js';
import type { RpcBackend } from '../rpc/backend.js';
import { ErrorCodes } from '../rpc/errors/errorCodes.js';
import { JsonRpcError } from '../rpc/errors/JsonRpcError.js';
import { defineMethod, type MethodDefinition } from '../rpc/server/MethodDefinition.js';
import type { RpcLogger } from '../rpc/server/RpcLogger.js';

const decodeString = (value: unknown): string => {
  if (typeof value !== 'string') throw new TypeError('not a string');
  return value;
};
const decodeOptionalString = (value: unknown): string => (value === undefined ? '-' : decodeString(value));

/** What the dummies answer, for rpc.discover: any JSON value. */
const ANY = { name: 'result', schema: {} };

/** Counts calls of test_count, so tests can see that notifications run. */
export const counter = { calls: 0 };

export const testMethods: MethodDefinition[] = [
  defineMethod({
    name: 'test_echo',
    summary: 'Joins a required and an optional string.',
    tier: 'public',
    result: ANY,
    params: [
      { name: 'value', decode: decodeString },
      { name: 'suffix', decode: decodeOptionalString, optional: true },
    ],
    handler: (_backend, [value, suffix]) => `${value}${suffix}`,
  }),
  defineMethod({ name: 'test_void', summary: 'Returns nothing.', tier: 'public', params: [], result: ANY, handler: () => undefined }),
  defineMethod({ name: 'test_bigint', summary: 'Leaks a BigInt.', tier: 'public', params: [], result: ANY, handler: () => ({ value: 1n }) }),
  defineMethod({
    name: 'test_throw',
    summary: 'Throws an internal error.',
    tier: 'public',
    result: ANY,
    params: [],
    handler: () => {
      throw new Error('secret at /home/node/src/x.ts');
    },
  }),
  defineMethod({
    name: 'test_nonceTooLow',
    summary: 'Throws a JsonRpcError with data.',
    tier: 'public',
    result: ANY,
    params: [],
    handler: async () => {
      throw new JsonRpcError(ErrorCodes.server, 'nonce too low', { data: { have: '0x1' } });
    },
  }),
  defineMethod({
    name: 'test_rejected',
    summary: 'Throws a domain error (a pool rejection), answered through the edge table.',
    tier: 'public',
    result: ANY,
    params: [],
    handler: () => {
      throw new TransactionRejectedError({ kind: 'nonceTooLow', next: 5n, got: 3n });
    },
  }),
  defineMethod({
    name: 'test_badData',
    summary: 'Throws a JsonRpcError whose data is not JSON.',
    tier: 'public',
    result: ANY,
    params: [],
    handler: () => {
      throw new JsonRpcError(ErrorCodes.server, 'boom', { data: 5n });
    },
  }),
  defineMethod({
    name: 'test_rpcDecoder',
    summary: 'Its decoder throws a JsonRpcError.',
    tier: 'public',
    result: ANY,
    params: [
      {
        name: 'x',
        decode: () => {
          throw new JsonRpcError(ErrorCodes.server, 'decoder says no');
        },
      },
    ],
    handler: () => 'unreachable',
  }),
  defineMethod({
    name: 'test_count',
    summary: 'Counts its calls.',
    tier: 'public',
    result: ANY,
    params: [],
    handler: () => ++counter.calls,
  }),
  defineMethod({
    name: 'test_sleep',
    summary: 'Answers its argument after that many milliseconds.',
    tier: 'public',
    result: ANY,
    params: [{ name: 'ms', decode: (value: unknown) => Number(value) }],
    handler: async (_backend, [ms]) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return ms;
    },
  }),
  defineMethod({
    name: 'test_repeat',
    summary: 'Answers its first argument repeated as many times as its second says (large answers).',
    tier: 'public',
    result: ANY,
    params: [
      { name: 'text', decode: (value: unknown) => String(value) },
      { name: 'times', decode: (value: unknown) => Number(value) },
    ],
    handler: (_backend, [text, times]) => text.repeat(times),
  }),
  defineMethod({ name: 'test_dedicated', summary: 'Dedicated only.', tier: 'dedicated', params: [], result: ANY, handler: () => 'secret' }),
];

/** The backend the dummy methods never touch. */
export const testBackend = {} as RpcBackend;

/** A logger that keeps what it is told, for assertions. */
export function recordingLogger(): RpcLogger & { records: { level: string; fields: object; message: string }[] } {
  const records: { level: string; fields: object; message: string }[] = [];
  const at = (level: string) => (fields: object, message: string) => void records.push({ level, fields, message });
  return { records, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
