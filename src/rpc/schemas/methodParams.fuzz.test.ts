/**
 * Fuzzes the parameters of every registered method (ALL_METHODS) with hostile JSON: objects whose
 * keys are the fields decoders look for (and `toString`, `valueOf`, `__proto__`, which break
 * naive string conversion), wrong types at every depth, and plausible values. Whatever the input,
 * a parameter is refused with an error written for clients: a TypeError of ours, a JSON-RPC error
 * or a domain error, never one the JavaScript engine raised, and never a message that carries
 * engine wording or "[object Object]" (issue 10 found "Cannot convert object to primitive value"
 * in eth_feeHistory).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SequinError } from '../../errors/SequinError.js';
import { fuzzParameters, fuzzTimeoutMs } from '../../testing/fuzzParameters.js';
import { ALL_METHODS } from '../allMethods.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import { decodeParams } from '../server/decodeParams.js';
import { isJavaScriptError } from '../server/isJavaScriptError.js';

/** Wording that must never reach a client: the engine's, or an object printed as a string. */
const ENGINE_WORDING =
  /Cannot (read|set) propert|Cannot convert|Cannot mix BigInt|is not a function|is not iterable|Do not know how to serialize|\[object Object\]|cannot be converted to a BigInt/;

const FIELD_NAMES = [
  'toString',
  'valueOf',
  '__proto__',
  'constructor',
  'length',
  'address',
  'storageKeys',
  'from',
  'to',
  'data',
  'input',
  'gas',
  'value',
  'nonce',
  'accessList',
  'authorizationList',
  'chainId',
  'r',
  's',
  'v',
  'yParity',
  'blockHash',
  'blockNumber',
  'requireCanonical',
  'fromBlock',
  'toBlock',
  'topics',
  'tracer',
  'tracerConfig',
  'timeout',
  'txIndex',
  'limit',
  'full',
  'after',
  'transactionIndex',
  'onlyTopCall',
  'withLog',
  'diffMode',
];
const PLAUSIBLE = [
  null,
  true,
  false,
  0,
  1,
  -1,
  1.5,
  1e300,
  '',
  '0x',
  '0x1',
  '0x00',
  'latest',
  'pending',
  `0x${'ab'.repeat(20)}`,
  `0x${'ab'.repeat(32)}`,
  'toString',
  '5s',
  'callTracer',
  'prestateTracer',
  'newHeads',
  'logs',
  'newPreconfBlockTransactions',
];

/** JSON values built from plausible leaves and field names, as JSON.parse would hand them over. */
const { value: hostileJson } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('array'), tie('object')),
  leaf: fc.oneof(fc.constantFrom(...PLAUSIBLE), fc.string({ maxLength: 6 }), fc.integer()),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('value'), { maxKeys: 4 }),
}));
const asParsed = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

/** Fails the test unless `error` is one a client may be shown. */
function expectClientError(error: unknown, input: unknown): void {
  const described = `${String((error as Error)?.name)}: ${String((error as Error)?.message)} for ${JSON.stringify(input)?.slice(0, 200)}`;
  expect(isJavaScriptError(error), described).toBe(false);
  expect(error instanceof TypeError || error instanceof JsonRpcError || error instanceof SequinError, described).toBe(true);
  expect((error as Error).message, described).not.toMatch(ENGINE_WORDING);
}

describe('method parameters (fuzz)', () => {
  it(
    "every parameter's decoder refuses hostile JSON in words written for clients",
    () => {
      const parameters = ALL_METHODS.flatMap((method) => method.params.map((spec) => ({ method: method.name, spec })));
      fc.assert(
        fc.property(fc.constantFrom(...parameters), hostileJson, ({ spec }, raw) => {
          const value = asParsed(raw);
          try {
            spec.decode(value);
          } catch (error) {
            expectClientError(error, value);
          }
        }),
        fuzzParameters(4_000),
      );
    },
    fuzzTimeoutMs(30_000),
  );

  it(
    "every method's whole params array is refused as JSON-RPC -32602 (or a domain error), never with engine wording",
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...ALL_METHODS), fc.array(hostileJson, { maxLength: 4 }), (method, raw) => {
          const params = asParsed(raw);
          try {
            decodeParams(params, method.params);
          } catch (error) {
            expect(error instanceof JsonRpcError || error instanceof SequinError).toBe(true);
            expect((error as Error).message).not.toMatch(ENGINE_WORDING);
          }
        }),
        fuzzParameters(2_000),
      );
    },
    fuzzTimeoutMs(30_000),
  );
});
