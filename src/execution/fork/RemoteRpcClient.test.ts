import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ForkRemoteError } from '../../errors/ForkRemoteError.js';
import { RemoteRpcClient } from './RemoteRpcClient.js';

/** A JSON-RPC server whose answer to each HTTP request is decided by `answer` (undefined: never answers). */
async function startServer(answer: (body: unknown, request: IncomingMessage, index: number) => { status: number; body?: unknown } | undefined) {
  const received: Array<{ body: unknown; authorization: string | undefined; at: number }> = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(text);
      received.push({ body, authorization: request.headers.authorization, at: Date.now() });
      const outcome = answer(body, request, received.length - 1);
      if (!outcome) {
        hanging.push(response);
        return;
      }
      response.writeHead(outcome.status, { 'content-type': 'application/json' }).end(outcome.body === undefined ? '' : JSON.stringify(outcome.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(() => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    server.close();
  });
  return { url, received };
}

const servers: Array<() => void> = [];
afterEach(() => {
  for (const close of servers.splice(0)) close();
});

/** Answers every call of a request (single or batch) with its method name as the result. */
function echoMethods(body: unknown) {
  const calls = Array.isArray(body) ? body : [body];
  const answers = calls.map((call: { id: number; method: string }) => ({ jsonrpc: '2.0', id: call.id, result: call.method }));
  return { status: 200, body: Array.isArray(body) ? answers.reverse() : answers[0] };
}

describe('RemoteRpcClient', () => {
  it('sends a batch as one HTTP request and matches answers by id', async () => {
    const server = await startServer(echoMethods);
    const client = new RemoteRpcClient({ url: server.url, retries: 0, timeoutMs: 10_000, requestsPerSecond: 0 });
    expect(
      await client.batch([
        { method: 'eth_getBalance', params: [] },
        { method: 'eth_getCode', params: [] },
      ]),
    ).toEqual(['eth_getBalance', 'eth_getCode']);
    expect(server.received).toHaveLength(1);
  });

  it('retries failures with backoff, then names the remote (redacted) and the call', async () => {
    const server = await startServer(() => ({ status: 503 }));
    const client = new RemoteRpcClient({ url: `${server.url}/v2/SECRET`, retries: 2, timeoutMs: 10_000, requestsPerSecond: 0 });
    const failure = await client.call('eth_getStorageAt', []).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ForkRemoteError);
    expect((failure as Error).message).toBe(`fork remote ${server.url}/… failed eth_getStorageAt: HTTP 503 (after 3 attempts)`);
    const gaps = server.received.slice(1).map((request, index) => request.at - server.received[index]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(90);
    expect(gaps[1]).toBeGreaterThanOrEqual(190);
  });

  it('succeeds when a retry does', async () => {
    const server = await startServer((body, _request, index) => (index === 0 ? { status: 429 } : echoMethods(body)));
    const client = new RemoteRpcClient({ url: server.url, retries: 1, timeoutMs: 10_000, requestsPerSecond: 0 });
    expect(await client.call('eth_chainId', [])).toBe('eth_chainId');
  });

  it('gives up on a request that does not answer within the timeout', async () => {
    const server = await startServer(() => undefined);
    const client = new RemoteRpcClient({ url: server.url, retries: 1, timeoutMs: 100, requestsPerSecond: 0 });
    const started = Date.now();
    await expect(client.call('eth_getCode', [])).rejects.toThrow(`fork remote ${server.url} failed eth_getCode: timed out after 100 ms (after 2 attempts)`);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("does not retry the remote's own error answer", async () => {
    const server = await startServer((body) => ({
      status: 200,
      body: { jsonrpc: '2.0', id: (body as { id: number }).id, error: { code: -32000, message: 'header not found' } },
    }));
    const client = new RemoteRpcClient({ url: server.url, retries: 3, timeoutMs: 10_000, requestsPerSecond: 0 });
    await expect(client.call('eth_getBalance', [])).rejects.toThrow(`fork remote ${server.url} failed eth_getBalance: header not found`);
    expect(server.received).toHaveLength(1);
  });

  it('spaces requests to the rate cap', async () => {
    const server = await startServer(echoMethods);
    const client = new RemoteRpcClient({ url: server.url, retries: 0, timeoutMs: 10_000, requestsPerSecond: 20 });
    // Five requests at 20/s: the fifth may leave 200 ms after the first, not before (a timer may
    // fire a millisecond early). Timed at the client: the server's clock adds the first
    // connection's set-up to the first request only.
    const started = Date.now();
    await Promise.all(Array.from({ length: 5 }, () => client.call('eth_chainId', [])));
    expect(Date.now() - started).toBeGreaterThanOrEqual(195);
    expect(server.received).toHaveLength(5);
  });

  it('sends URL credentials as basic authorization, never in messages', async () => {
    const server = await startServer(() => ({ status: 401 }));
    const client = new RemoteRpcClient({ url: server.url.replace('http://', 'http://alice:s3cret@'), retries: 0, timeoutMs: 10_000, requestsPerSecond: 0 });
    const failure = (await client.call('eth_chainId', []).catch((error: unknown) => error)) as Error;
    expect(server.received[0]!.authorization).toBe(`Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
    expect(failure.message).not.toContain('s3cret');
    expect(failure.message).not.toContain('alice');
  });
});
