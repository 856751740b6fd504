import { describe, expect, it } from 'vitest';
import { testBackend, testMethods } from '../../testing/testMethods.js';
import type { CallBudget } from './CallBudget.js';
import type { RequestContext } from './RequestContext.js';
import type { CallRecord } from './RpcObserver.js';
import { RpcServer, type RpcServerOptions } from './RpcServer.js';

const context: RequestContext = { tier: 'public', requestId: 'r1' };
const call = (method: string, params?: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });

function server(options: Partial<RpcServerOptions> = {}): RpcServer {
  return new RpcServer({ methods: testMethods, backend: testBackend, maxBatchLength: 100, ...options });
}

/** A budget of `calls` calls in all, recording what it was asked. */
function budget(calls: number): CallBudget & { asked: number[] } {
  let left = calls;
  const asked: number[] = [];
  return {
    asked,
    take(count) {
      asked.push(count);
      if (left <= 0) return { ok: false, retryAfterSeconds: 2, message: 'rate limit exceeded: 5 calls/s' };
      left -= count;
      return { ok: true };
    },
  };
}

describe('RpcServer limits', () => {
  it('refuses a body nested deeper than the limit before parsing it, with -32600 naming the limit', async () => {
    const deep = `${'['.repeat(9)}${']'.repeat(9)}`;
    const reply = await server({ maxNestingDepth: 8 }).handle(deep, context);
    expect(JSON.parse(reply.body!)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'request nests arrays and objects more than 8 levels deep' },
    });
    // Exactly at the limit it is judged as usual (a nested batch element is an invalid request).
    const atLimit = await server({ maxNestingDepth: 8 }).handle(`${'['.repeat(8)}${']'.repeat(8)}`, context);
    expect(JSON.parse(atLimit.body!)).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } }]);
  });

  it('does not count brackets inside strings toward the depth', async () => {
    const reply = await server({ maxNestingDepth: 4 }).handle(JSON.stringify(call('test_echo', ['[[[[[[{{{{\\"]]]'])), context);
    expect(JSON.parse(reply.body!)).toEqual({ jsonrpc: '2.0', id: 1, result: '[[[[[[{{{{\\"]]]-' });
  });

  it('answers calls still running at the request timeout with -32002, and the others normally', async () => {
    const started = performance.now();
    const reply = await server({ requestTimeoutMs: 50 }).handle(JSON.stringify([call('test_sleep', [5], 1), call('test_sleep', [2000], 2)]), context);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(JSON.parse(reply.body!)).toEqual([
      { jsonrpc: '2.0', id: 1, result: 5 },
      { jsonrpc: '2.0', id: 2, error: { code: -32002, message: 'request timed out' } },
    ]);
  });

  it('caps a batch answer: past the cap, calls are answered -32003', async () => {
    const big = 'x'.repeat(400);
    const batch = [1, 2, 3, 4].map((id) => call('test_echo', [big], id));
    const reply = await server({ maxBatchResponseBytes: 1000 }).handle(JSON.stringify(batch), context);
    const answers = JSON.parse(reply.body!) as Array<{ id: number; result?: string; error?: unknown }>;
    // Answers are counted as they finish (here, in order): the third crosses 1,000 bytes, the fourth is cut.
    expect(answers.map((answer) => answer.result?.length ?? answer.error)).toEqual([401, 401, 401, { code: -32003, message: 'response too large' }]);
    // A single call is never cut.
    const single = await server({ maxBatchResponseBytes: 10 }).handle(JSON.stringify(call('test_echo', [big])), context);
    expect(JSON.parse(single.body!).result).toHaveLength(401);
  });

  it('charges the rate limit one call per batch element and answers a refusal with 429 and -32005 for every call', async () => {
    const limited = budget(3);
    const rpc = server();
    const batch = [call('test_void', [], 'a'), { jsonrpc: '2.0', method: 'test_void' }, call('nope', [], 'b')];
    expect((await rpc.handle(JSON.stringify(batch), { ...context, callBudget: limited })).status).toBe(200);
    const refused = await rpc.handle(JSON.stringify(batch), { ...context, callBudget: limited });
    expect(limited.asked).toEqual([3, 3]);
    expect(refused.status).toBe(429);
    expect(refused.headers).toEqual({ 'Retry-After': '2' });
    const error = { code: -32005, message: 'rate limit exceeded: 5 calls/s', data: { retryAfterSeconds: 2 } };
    expect(JSON.parse(refused.body!)).toEqual([
      { jsonrpc: '2.0', id: 'a', error },
      { jsonrpc: '2.0', id: 'b', error },
    ]);
    const single = await rpc.handle(JSON.stringify(call('test_void', [], 9)), { ...context, callBudget: limited });
    expect(single.status).toBe(429);
    expect(JSON.parse(single.body!)).toEqual({ jsonrpc: '2.0', id: 9, error });
  });

  it('does not charge the rate limit for a body that is not JSON, an empty batch or a batch over the length limit', async () => {
    const limited = budget(100);
    const rpc = server({ maxBatchLength: 2 });
    for (const body of ['{', '[]', JSON.stringify([call('test_void'), call('test_void'), call('test_void')])]) {
      await rpc.handle(body, { ...context, callBudget: limited });
    }
    expect(limited.asked).toEqual([]);
  });

  it('tells the observer of every call: method, whether it is registered, tier, duration and error code', async () => {
    const records: CallRecord[] = [];
    const rpc = server({ observer: { onCall: (record) => records.push(record) } });
    const batch = [call('test_sleep', [20], 1), call('test_dedicated', [], 2), call('eth_nope', [], 3), { jsonrpc: '2.0', method: 'test_throw' }, 'junk'];
    await rpc.handle(JSON.stringify(batch), context);
    const seen = records.map(({ method, registered, errorCode, context: { requestId } }) => ({ method, registered, errorCode, requestId }));
    expect(seen).toEqual([
      { method: 'test_dedicated', registered: true, errorCode: -32004, requestId: 'r1' },
      { method: 'eth_nope', registered: false, errorCode: -32601, requestId: 'r1' },
      { method: 'test_throw', registered: true, errorCode: -32603, requestId: 'r1' },
      { method: 'test_sleep', registered: true, errorCode: undefined, requestId: 'r1' },
    ]);
    expect(records.at(-1)!.durationMs).toBeGreaterThanOrEqual(15);
    expect(records.map((record) => record.fault === true)).toEqual([false, false, true, false]);
  });
});
