/**
 * Fuzzes the whole RPC path of a real node (every registered method over an in-process chain):
 * malformed JSON, wrong member types, unknown methods, batches mixing all of them (up to and past
 * the batch limit), deep nesting, and params built from plausible and hostile values. Whatever
 * the body: `handle` resolves, every answer is well-formed JSON-RPC, no error is -32603 (an
 * internal error means an input reached code that did not expect it), no message carries a
 * stack trace or a source path, and a public client is refused dedicated methods with -32004.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_METHODS } from '../../src/rpc/allMethods.js';
import { blockSelector, optionalBlockSelector } from '../../src/rpc/schemas/blockDecoders.js';
import { callRequest } from '../../src/rpc/schemas/callRequestDecoder.js';
import * as decoders from '../../src/rpc/schemas/decoders.js';
import { blockCount, percentiles } from '../../src/rpc/schemas/feeHistoryDecoders.js';
import type { MethodDefinition, ParamSpec } from '../../src/rpc/server/MethodDefinition.js';
import type { RequestContext } from '../../src/rpc/server/RequestContext.js';
import { RpcServer } from '../../src/rpc/server/RpcServer.js';
import { createTestChain, type TestChain } from '../../src/testing/createTestChain.js';
import { fuzzParameters, fuzzTimeoutMs, letEventLoopTurn } from '../../src/testing/fuzzParameters.js';
import { signTestTransaction } from '../../src/testing/sendTestTransaction.js';

const MAX_BATCH = 6;
const MAX_DEPTH = 16;
/** Methods that wait on the sequencer's clock (frozen here) or need a WebSocket session. */
const EXCLUDED = new Set(['eth_sendRawTransactionSync', 'sequin_sendRawTransactionSync', 'eth_subscribe', 'eth_unsubscribe']);
const METHODS = ALL_METHODS.filter((method) => !EXCLUDED.has(method.name));
const DEDICATED = new Set(METHODS.filter((method) => method.tier === 'dedicated').map((method) => method.name));
/** Codes a client may legitimately get; -32603 is not among them. */
const EXPECTED_CODES = new Set([-32700, -32600, -32601, -32602, -32000, -32004, -32002, -32003, -32005, 3]);
const STACK_OR_PATH = /\n\s+at |\.[cm]?[jt]s:\d|node_modules|\/src\//;

let chain: TestChain;
let server: RpcServer;
let validRawTx: string;

beforeAll(async () => {
  chain = await createTestChain({}, { start: false });
  server = new RpcServer({ methods: METHODS, backend: chain.backend, maxBatchLength: MAX_BATCH, maxNestingDepth: MAX_DEPTH, requestTimeoutMs: 5_000 });
  const { raw } = await signTestTransaction(chain, chain.accounts[1]!, { to: chain.accounts[2]!.address, value: 1n, gas: 21_000n });
  validRawTx = `0x${Buffer.from(raw).toString('hex')}`;
});
afterAll(() => chain?.close());

/** Values any param may take: plausible ones of every kind, and hostile ones. */
function anyValue(): fc.Arbitrary<unknown> {
  const plausible = fc.oneof(
    fc.constantFrom('latest', 'pending', 'earliest', 'safe', 'finalized', '0x0', '0x1', '0xffffffffffffffff', true, false, null),
    fc.constant(chain.accounts[0]!.address),
    fc.constant(validRawTx),
    fc.bigInt({ min: 0n, max: 2n ** 260n }).map((value) => `0x${value.toString(16)}`),
    fc.uint8Array({ maxLength: 40 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
    fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
  );
  return fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
}

/** Values aimed at one parameter's decoder (mostly well-formed, so calls reach the handler), else anything. */
function valueFor(spec: ParamSpec): fc.Arbitrary<unknown> {
  const hex = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((value) => `0x${Buffer.from(value).toString('hex')}`);
  const edges = [0n, 1n, 2n ** 63n, 2n ** 64n - 2n, 2n ** 64n - 1n, 2n ** 64n, 2n ** 128n, 2n ** 256n - 1n];
  const quantity = fc
    .oneof(fc.bigInt({ min: 0n, max: 100n }), fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.constantFrom(...edges))
    .map((value) => `0x${value.toString(16)}`);
  const address = fc.oneof(hex(20), fc.constantFrom(...chain.accounts.slice(0, 3).map((account) => account.address)));
  const block = fc.oneof(
    fc.constantFrom('latest', 'pending', 'earliest', 'safe', 'finalized'),
    quantity,
    fc.record({ blockNumber: quantity }),
    fc.record({ blockHash: hex(32) }),
  );
  const transaction = fc.record(
    {
      from: address,
      to: fc.oneof(address, fc.constant(null)),
      gas: quantity,
      maxFeePerGas: quantity,
      value: quantity,
      input: fc.uint8Array({ maxLength: 64 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
      nonce: quantity,
      accessList: fc.array(fc.record({ address, storageKeys: fc.array(hex(32), { maxLength: 2 }) }), { maxLength: 2 }),
    },
    { requiredKeys: [] },
  );
  const aimed: Array<[ParamSpec['decode'], fc.Arbitrary<unknown>]> = [
    [decoders.address, address],
    [decoders.hash, hex(32)],
    [decoders.quantity, quantity],
    [
      decoders.data,
      fc.oneof(
        fc.constant(validRawTx),
        fc.uint8Array({ maxLength: 80 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
      ),
    ],
    [decoders.storageSlot, quantity],
    [decoders.boolean, fc.boolean()],
    [blockSelector, block],
    [optionalBlockSelector, fc.oneof(block, fc.constant(undefined))],
    [callRequest, transaction],
    [blockCount, fc.oneof(fc.integer({ min: 0, max: 2000 }), quantity)],
    [percentiles, fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { maxLength: 5 }).map((values) => values.sort((a, b) => a - b))],
    [decoders.timeoutMilliseconds, fc.integer({ min: 1, max: 50 })],
  ];
  const match = aimed.find(([decode]) => decode === spec.decode);
  return match ? fc.oneof({ weight: 5, arbitrary: match[1] }, { weight: 1, arbitrary: anyValue() }) : anyValue();
}

/** Params for a method: one aimed value per parameter, sometimes one too few or one too many. */
function paramsFor(method: MethodDefinition): fc.Arbitrary<unknown> {
  const aimed = fc.tuple(...method.params.map(valueFor)).map((values) => {
    let end = values.length;
    while (end > 0 && values[end - 1] === undefined) end--;
    return values.slice(0, end).map((value) => value ?? null);
  });
  return fc.oneof(
    { weight: 8, arbitrary: aimed },
    { weight: 1, arbitrary: fc.tuple(aimed, anyValue()).map(([values, extra]) => [...values, extra]) },
    { weight: 1, arbitrary: aimed.map((values) => values.slice(0, -1)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

function message(): fc.Arbitrary<unknown> {
  const call = fc.constantFrom(...METHODS).chain((method) =>
    fc.record(
      {
        jsonrpc: fc.constant('2.0'),
        id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)),
        method: fc.constant(method.name),
        params: paramsFor(method),
      },
      { requiredKeys: ['jsonrpc', 'method'] },
    ),
  );
  const unknownMethod = fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.integer(),
    method: fc.string({ maxLength: 12 }),
    params: fc.array(anyValue(), { maxLength: 3 }),
  });
  return fc.oneof({ weight: 10, arbitrary: call }, { weight: 1, arbitrary: unknownMethod }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
}

function body(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: message().map((value) => JSON.stringify(value)) },
    { weight: 3, arbitrary: fc.array(message(), { maxLength: MAX_BATCH + 2 }).map((batch) => JSON.stringify(batch)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: message().map((value) => JSON.stringify(value).slice(0, -1)) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }).map((depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`) },
  );
}

function checkAnswer(answer: unknown, context: RequestContext, sent: unknown): void {
  expect(typeof answer === 'object' && answer !== null && !Array.isArray(answer), JSON.stringify(answer)).toBe(true);
  const fields = answer as Record<string, unknown>;
  expect(fields.jsonrpc).toBe('2.0');
  if (!('error' in fields)) {
    expect('result' in fields).toBe(true);
    return;
  }
  const error = fields.error as { code: number; message: string; data?: unknown };
  expect(EXPECTED_CODES.has(error.code), `unexpected code ${error.code} "${error.message}" for ${JSON.stringify(sent)}`).toBe(true);
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.message).not.toMatch(STACK_OR_PATH);
  if (error.code === -32004) expect(context.tier).toBe('public');
}

describe('the RPC path of a node (fuzz)', () => {
  it.each<[string, RequestContext]>([
    ['public', { tier: 'public' }],
    ['dedicated', { tier: 'dedicated' }],
  ])(
    'answers every body from a %s client with well-formed JSON-RPC and typed errors only',
    async (_name, context) => {
      await fc.assert(
        fc.asyncProperty(body(), async (text) => {
          await letEventLoopTurn();
          const reply = await server.handle(text, context);
          expect([200, 403]).toContain(reply.status);
          if (reply.status === 403) expect(context.tier).toBe('public');
          if (reply.body === undefined) return;
          const parsed: unknown = JSON.parse(reply.body);
          let sent: unknown;
          try {
            sent = JSON.parse(text);
          } catch {
            sent = text;
          }
          const answers = Array.isArray(parsed) ? parsed : [parsed];
          for (const answer of answers) checkAnswer(answer, context, sent);
          // A public client never reaches a dedicated method (a batch over the limit is refused whole).
          const calls = Array.isArray(sent) ? (sent.length > MAX_BATCH ? [] : sent) : [sent];
          for (const call of calls) {
            const method = (call as { method?: unknown } | null)?.method;
            if (context.tier !== 'public' || typeof method !== 'string' || !DEDICATED.has(method) || !Array.isArray(parsed)) continue;
            const id = (call as { id?: unknown }).id;
            const answer = answers.find((candidate) => (candidate as { id?: unknown }).id === id) as { error?: { code: number } } | undefined;
            if (answer !== undefined && answers.filter((candidate) => (candidate as { id?: unknown }).id === id).length === 1)
              expect(answer.error?.code).toBe(-32004);
          }
        }),
        fuzzParameters(250),
      );
    },
    fuzzTimeoutMs(60_000),
  );

  it('refuses deep nesting with -32600 naming the limit, and giant batches with "batch too large"', async () => {
    const deep = await server.handle(`[${'{"a":'.repeat(MAX_DEPTH)}1${'}'.repeat(MAX_DEPTH)}]`, { tier: 'public' });
    expect(JSON.parse(deep.body!)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: `request nests arrays and objects more than ${MAX_DEPTH} levels deep` },
    });
    const giant = JSON.stringify(Array.from({ length: 10_000 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })));
    expect(JSON.parse((await server.handle(giant, { tier: 'public' })).body!)).toEqual([
      { jsonrpc: '2.0', id: 0, error: { code: -32600, message: 'batch too large' } },
    ]);
  });
});
