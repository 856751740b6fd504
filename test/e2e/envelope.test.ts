/**
 * The JSON-RPC 2.0 envelope over real HTTP, with raw fetch: batches, notifications, malformed
 * bodies, unknown methods, bad params and the body size limit. Responses are pinned whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { postRaw } from './helpers.js';

const MAX_BODY_BYTES = 4096;
let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess({ args: ['--max-body-bytes', String(MAX_BODY_BYTES)] });
});
afterAll(cleanupNodeProcesses);

async function post(body: unknown): Promise<{ status: number; json: unknown; text: string }> {
  const { status, text } = await postRaw(node.url, typeof body === 'string' ? body : JSON.stringify(body));
  return { status, text, json: text === '' ? undefined : JSON.parse(text) };
}

describe('JSON-RPC envelope over HTTP', () => {
  it('answers a batch of 3 (success, error, success) in request order', async () => {
    const response = await post([
      { jsonrpc: '2.0', id: 'a', method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 7, method: 'eth_getBalance', params: ['0x1234'] },
      { jsonrpc: '2.0', id: null, method: 'net_version' },
    ]);
    expect(response.status).toBe(200);
    expect(response.json).toEqual([
      { jsonrpc: '2.0', id: 'a', result: '0x7a69' },
      { jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'invalid argument 0: hex string has length 4, want 40 for address' } },
      { jsonrpc: '2.0', id: null, result: '31337' },
    ]);
  });

  it('gives no response to a notification (no id), alone or in a batch', async () => {
    const alone = await post({ jsonrpc: '2.0', method: 'eth_chainId', params: [] });
    expect(alone.status).toBe(200);
    expect(alone.text).toBe('');
    const mixed = await post([
      { jsonrpc: '2.0', method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
    ]);
    expect(mixed.json).toEqual([{ jsonrpc: '2.0', id: 1, result: '0x7a69' }]);
  });

  it('malformed JSON → -32700', async () => {
    expect(await post('{"jsonrpc":"2.0",')).toMatchObject({ status: 200, json: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } } });
  });

  it('{} and an empty batch → -32600', async () => {
    expect((await post({})).json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } });
    expect((await post([])).json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'empty batch' } });
  });

  it('unknown method → -32601', async () => {
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'foo', params: [] })).json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'the method foo does not exist/is not available' },
    });
  });

  it('bad params → -32602 naming the argument', async () => {
    const cases: Array<[string, unknown[], string]> = [
      ['eth_getBalance', ['abc', 'latest'], 'invalid argument 0: hex string without 0x prefix'],
      ['eth_getBalance', ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'newest'], 'invalid argument 1: hex string without 0x prefix'],
      ['eth_getBlockByNumber', ['latest'], 'missing value for required argument 1'],
      ['eth_chainId', [1], 'too many arguments, want at most 0'],
      ['eth_getTransactionReceipt', ['0x12'], 'invalid argument 0: hex string has length 2, want 64 for hash'],
    ];
    for (const [method, params, message] of cases) {
      const { json } = await post({ jsonrpc: '2.0', id: 1, method, params });
      expect(json, `${method} ${JSON.stringify(params)}`).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message } });
    }
  });

  it(`a body over --max-body-bytes (${MAX_BODY_BYTES}) → HTTP 413`, async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ data: `0x${'00'.repeat(MAX_BODY_BYTES)}` }, 'latest'] });
    const response = await post(big);
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'request body too large' } });
    // Just under the limit is served.
    const small = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [], pad: 'x'.repeat(MAX_BODY_BYTES - 100) });
    expect(small.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect((await post(small)).json).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
  });

  it('refuses a non-JSON content type with 415', async () => {
    const { status, text } = await postRaw(node.url, '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', { 'content-type': 'text/plain' });
    expect(status).toBe(415);
    expect(text).toBe('invalid content type, only application/json is supported\n');
  });
});
