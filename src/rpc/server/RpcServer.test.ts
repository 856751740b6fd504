import { describe, expect, it } from 'vitest';
import { counter, recordingLogger, testBackend, testMethods } from '../../testing/testMethods.js';
import type { RequestContext } from './RequestContext.js';
import { RpcServer } from './RpcServer.js';

const publicContext: RequestContext = { tier: 'public', requestId: 'test' };
const dedicatedContext: RequestContext = { tier: 'dedicated' };

function newServer(maxBatchLength = 4) {
  const logger = recordingLogger();
  return { server: new RpcServer({ methods: testMethods, backend: testBackend, maxBatchLength, logger }), logger };
}

const call = (method: string, params?: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const ok = (result: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, result });
const err = (code: number, message: string, id: unknown = 1, data?: unknown) => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

interface Case {
  name: string;
  /** A string is sent as is; anything else is JSON.stringified. */
  request: unknown;
  /** Parsed response body; undefined for "no body". */
  response: unknown;
  status?: number;
  context?: RequestContext;
}

const cases: Case[] = [
  // Envelope
  { name: 'invalid JSON', request: '{"jsonrpc":', response: err(-32700, 'parse error', null) },
  { name: 'empty body', request: '', response: err(-32700, 'parse error', null) },
  { name: 'empty batch', request: [], response: err(-32600, 'empty batch', null) },
  {
    name: 'batch too large: one error in an array, with the first call id',
    request: [{ jsonrpc: '2.0', method: 'test_void' }, 7, call('test_void', [], 'a'), call('test_void'), call('test_void')],
    response: [err(-32600, 'batch too large', 'a')],
  },
  { name: 'batch too large without calls: id null', request: [1, 2, 3, 4, 5], response: [err(-32600, 'batch too large', null)] },
  { name: 'single non-object', request: 42, response: err(-32600, 'invalid request', null) },
  { name: 'single null', request: null, response: err(-32600, 'invalid request', null) },
  { name: 'wrong jsonrpc keeps the id', request: { jsonrpc: '1.0', id: 5, method: 'test_void' }, response: err(-32600, 'invalid request', 5) },
  { name: 'missing jsonrpc', request: { id: 5, method: 'test_void' }, response: err(-32600, 'invalid request', 5) },
  { name: 'method not a string', request: { jsonrpc: '2.0', id: 5, method: 3 }, response: err(-32600, 'invalid request', 5) },
  { name: 'method missing', request: { jsonrpc: '2.0', id: 5 }, response: err(-32600, 'invalid request', 5) },
  { name: 'method empty', request: call('', [], 5), response: err(-32600, 'invalid request', 5) },
  { name: 'invalid message without id is answered with id null', request: { jsonrpc: '2.0', method: 7 }, response: err(-32600, 'invalid request', null) },
  { name: 'boolean id', request: call('test_void', [], true), response: err(-32600, 'invalid request', null) },
  { name: 'object id', request: call('test_void', [], { a: 1 }), response: err(-32600, 'invalid request', null) },
  { name: 'array id', request: call('test_void', [], [1]), response: err(-32600, 'invalid request', null) },
  { name: 'string id', request: call('test_void', [], 'abc'), response: ok(null, 'abc') },
  { name: 'null id is a call', request: call('test_void', [], null), response: ok(null, null) },
  { name: 'fractional id', request: call('test_void', [], 1.5), response: ok(null, 1.5) },
  { name: 'unknown method', request: call('eth_nope'), response: err(-32601, 'the method eth_nope does not exist/is not available') },
  { name: 'inherited name is unknown', request: call('toString'), response: err(-32601, 'the method toString does not exist/is not available') },
  // Params
  { name: 'params omitted', request: call('test_void'), response: ok(null) },
  { name: 'params null', request: call('test_void', null), response: ok(null) },
  { name: 'params object', request: call('test_echo', { value: 'a' }), response: err(-32602, 'non-array args') },
  { name: 'params string', request: call('test_echo', 'a'), response: err(-32602, 'non-array args') },
  { name: 'too many params', request: call('test_echo', ['a', 'b', 'c']), response: err(-32602, 'too many arguments, want at most 2') },
  { name: 'too many for a method without params', request: call('test_void', [1]), response: err(-32602, 'too many arguments, want at most 0') },
  { name: 'bad arg beats surplus args', request: call('test_echo', [1, 'b', 'c']), response: err(-32602, 'invalid argument 0: not a string') },
  { name: 'missing required', request: call('test_echo', []), response: err(-32602, 'missing value for required argument 0') },
  { name: 'null for required goes to the decoder', request: call('test_echo', [null]), response: err(-32602, 'invalid argument 0: not a string') },
  { name: 'decoder failure on arg 1', request: call('test_echo', ['a', 2]), response: err(-32602, 'invalid argument 1: not a string') },
  { name: 'optional omitted decodes undefined', request: call('test_echo', ['a']), response: ok('a-') },
  { name: 'optional null decodes undefined', request: call('test_echo', ['a', null]), response: ok('a-') },
  { name: 'optional given', request: call('test_echo', ['a', 'b']), response: ok('ab') },
  { name: 'decoder RpcError keeps its code', request: call('test_rpcDecoder', [1]), response: err(-32000, 'decoder says no') },
  // Results and errors
  { name: 'undefined result is null', request: call('test_void'), response: ok(null) },
  { name: 'BigInt result is an internal error', request: call('test_bigint'), response: err(-32603, 'internal error') },
  { name: 'thrown Error is an internal error', request: call('test_throw'), response: err(-32603, 'internal error') },
  { name: 'RpcError passes with data', request: call('test_nonceTooLow'), response: err(-32000, 'nonce too low', 1, { have: '0x1' }) },
  { name: 'RpcError with non-JSON data', request: call('test_badData'), response: err(-32603, 'internal error') },
  { name: 'domain error answered through the edge table', request: call('test_rejected'), response: err(-32000, 'nonce too low: next nonce 5, tx nonce 3') },
  // Notifications
  { name: 'notification: no body', request: { jsonrpc: '2.0', method: 'test_void' }, response: undefined },
  { name: 'failing notification: no body', request: { jsonrpc: '2.0', method: 'test_throw' }, response: undefined },
  { name: 'unknown notification: no body', request: { jsonrpc: '2.0', method: 'nope' }, response: undefined },
  {
    name: 'all-notification batch: no body',
    request: [
      { jsonrpc: '2.0', method: 'test_void' },
      { jsonrpc: '2.0', method: 'x' },
    ],
    response: undefined,
  },
  // Batches
  {
    name: 'batch: mixed outcomes in order, notifications skipped',
    request: [call('test_echo', ['x'], 1), { jsonrpc: '2.0', method: 'test_void' }, 'junk', call('nope', [], 'b')],
    response: [ok('x-', 1), err(-32600, 'invalid request', null), err(-32601, 'the method nope does not exist/is not available', 'b')],
  },
  { name: 'batch of one', request: [call('test_void')], response: [ok(null)] },
  { name: 'nested batch element is invalid', request: [[call('test_void')]], response: [err(-32600, 'invalid request', null)] },
  // Tiers
  {
    name: 'dedicated method, public client: 403',
    request: call('test_dedicated'),
    response: err(-32004, 'method test_dedicated requires a dedicated endpoint'),
    status: 403,
  },
  { name: 'dedicated method, dedicated client', request: call('test_dedicated'), response: ok('secret'), context: dedicatedContext },
  {
    name: 'tier is checked before params',
    request: call('test_dedicated', 'junk'),
    response: err(-32004, 'method test_dedicated requires a dedicated endpoint'),
    status: 403,
  },
  {
    name: 'batch all refused: 403',
    request: [call('test_dedicated', [], 1), call('test_dedicated', [], 2)],
    response: [err(-32004, 'method test_dedicated requires a dedicated endpoint', 1), err(-32004, 'method test_dedicated requires a dedicated endpoint', 2)],
    status: 403,
  },
  {
    name: 'batch partly refused: 200',
    request: [call('test_dedicated', [], 1), call('test_void', [], 2)],
    response: [err(-32004, 'method test_dedicated requires a dedicated endpoint', 1), ok(null, 2)],
  },
  { name: 'refused notification: 403, no body', request: { jsonrpc: '2.0', method: 'test_dedicated' }, response: undefined, status: 403 },
];

describe('RpcServer envelope', () => {
  it.each(cases)('$name', async ({ request, response, status = 200, context = publicContext }) => {
    const { server } = newServer();
    const body = typeof request === 'string' ? request : JSON.stringify(request);
    const reply = await server.handle(body, context);
    expect(reply.status).toBe(status);
    if (response === undefined) expect(reply.body).toBeUndefined();
    else expect(JSON.parse(reply.body ?? 'undefined')).toEqual(response);
  });

  it('writes jsonrpc, id, then result or error (geth key order)', async () => {
    const { server } = newServer();
    expect((await server.handle(JSON.stringify(call('test_echo', ['a'], 7)), publicContext)).body).toBe('{"jsonrpc":"2.0","id":7,"result":"a-"}');
    expect((await server.handle('x', publicContext)).body).toBe('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}');
  });

  it('echoes integer ids beyond 2^53 digit for digit, single, in batches and in errors', async () => {
    const { server } = newServer();
    const big = '12345678901234567890';
    const single = await server.handle(`{"jsonrpc":"2.0","id":${big},"method":"test_echo","params":["a"]}`, publicContext);
    expect(single.body).toBe(`{"jsonrpc":"2.0","id":${big},"result":"a-"}`);
    const batch = await server.handle(
      `[{"jsonrpc":"2.0","id":-${big}0,"method":"test_void"},{"jsonrpc":"2.0","id":3,"method":"test_void"},{"jsonrpc":"2.0","id":${big},"method":"nope"}]`,
      publicContext,
    );
    expect(batch.body).toBe(
      `[{"jsonrpc":"2.0","id":-${big}0,"result":null},{"jsonrpc":"2.0","id":3,"result":null},{"jsonrpc":"2.0","id":${big},"error":{"code":-32601,"message":"the method nope does not exist/is not available"}}]`,
    );
    // 2^53 + 1 is the first integer a double cannot hold.
    const edge = await server.handle('{"jsonrpc":"2.0","id":9007199254740993,"method":"test_void"}', publicContext);
    expect(edge.body).toBe('{"jsonrpc":"2.0","id":9007199254740993,"result":null}');
  });

  it('runs notifications', async () => {
    const { server } = newServer();
    const before = counter.calls;
    const reply = await server.handle(
      JSON.stringify([
        { jsonrpc: '2.0', method: 'test_count' },
        { jsonrpc: '2.0', method: 'test_count' },
      ]),
      publicContext,
    );
    expect(reply.body).toBeUndefined();
    expect(counter.calls).toBe(before + 2);
  });

  it('runs batch calls concurrently and keeps request order', async () => {
    const { server } = newServer();
    const started = performance.now();
    const reply = await server.handle(
      JSON.stringify([call('test_sleep', [1000], 1), call('test_sleep', [10], 2), call('test_sleep', [990], 3)]),
      publicContext,
    );
    // Sequential would take at least 2,000 ms; concurrent about 1,000 ms, with room for a loaded machine's timers.
    expect(performance.now() - started).toBeLessThan(1_900);
    expect(JSON.parse(reply.body ?? '')).toEqual([ok(1000, 1), ok(10, 2), ok(990, 3)]);
  });

  it('logs the cause of internal errors, never sends it', async () => {
    const { server, logger } = newServer();
    const reply = await server.handle(JSON.stringify(call('test_throw')), publicContext);
    expect(reply.body).not.toContain('secret');
    const logged = logger.records.find((record) => record.level === 'error');
    expect(logged?.fields).toMatchObject({ method: 'test_throw', requestId: 'test' });
    expect(logged?.fields).toHaveProperty('err.message', 'secret at /home/node/src/x.ts');
  });

  it('refuses bad construction', () => {
    expect(() => new RpcServer({ methods: testMethods, backend: testBackend, maxBatchLength: 0 })).toThrow(RangeError);
    expect(() => new RpcServer({ methods: [...testMethods, ...testMethods], backend: testBackend, maxBatchLength: 1 })).toThrow(/registered twice/);
  });

  it('accepts a batch of exactly maxBatchLength', async () => {
    const { server } = newServer(2);
    const reply = await server.handle(JSON.stringify([call('test_void', [], 1), call('test_void', [], 2)]), publicContext);
    expect(JSON.parse(reply.body ?? '')).toEqual([ok(null, 1), ok(null, 2)]);
  });
});
