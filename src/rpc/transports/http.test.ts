import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBackend, testMethods } from '../../testing/testMethods.js';
import { RpcServer } from '../server/RpcServer.js';
import { type HttpServerHandle, type HttpServerOptions, startHttpServer } from './http.js';
import { InFlightBytes } from './InFlightBytes.js';

const handles: HttpServerHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function start(options: Partial<HttpServerOptions> = {}): Promise<HttpServerHandle> {
  const rpc = new RpcServer({ methods: testMethods, backend: testBackend, maxBatchLength: 10 });
  const handle = await startHttpServer({ host: '127.0.0.1', port: 0, rpc, maxBodyBytes: 1024, ...options });
  handles.push(handle);
  return handle;
}

const json = { 'Content-Type': 'application/json' };
const post = (url: string, body: BodyInit, headers: Record<string, string> = json) => fetch(url, { method: 'POST', headers, body });

/** Sends raw bytes on a fresh socket and returns everything the server answers until it closes. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('startHttpServer', () => {
  it('binds an ephemeral port and reports it', async () => {
    const handle = await start();
    expect(handle.port).toBeGreaterThan(0);
    expect(handle.url).toBe(`http://127.0.0.1:${handle.port}`);
  });

  it('rejects when the port is taken', async () => {
    const handle = await start();
    await expect(start({ port: handle.port })).rejects.toThrow(/EADDRINUSE/);
  });

  it('answers a call with JSON and CORS headers', async () => {
    const handle = await start();
    const response = await post(handle.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'test_echo', params: ['hi'] }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe('{"jsonrpc":"2.0","id":1,"result":"hi-"}');
  });

  it('answers a batch in order', async () => {
    const handle = await start();
    const batch = [
      { jsonrpc: '2.0', id: 'a', method: 'test_sleep', params: [40] },
      { jsonrpc: '2.0', method: 'test_void' },
      { jsonrpc: '2.0', id: 'b', method: 'test_echo', params: ['x', 'y'] },
    ];
    const response = await post(handle.url, JSON.stringify(batch));
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', id: 'a', result: 40 },
      { jsonrpc: '2.0', id: 'b', result: 'xy' },
    ]);
  });

  it('answers large results whole, with their exact length in bytes, one after another on a kept-alive connection', async () => {
    const handle = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const ask = (text: string, times: number) =>
      new Promise<{ length: string | undefined; body: string }>((resolve, reject) => {
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'test_repeat', params: [text, times] });
        const request = http.request(handle.url, { method: 'POST', agent, headers: json }, (response) => {
          sockets.add(response.socket);
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ length: response.headers['content-length'], body: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', reject);
        });
        request.on('error', reject);
        request.end(body);
      });
    try {
      // 'é' is two bytes in UTF-8: the header must count bytes, not characters.
      for (const [text, times] of [
        ['ab', 200_000],
        ['é', 100_000],
        ['x', 3],
      ] as const) {
        const { length, body } = await ask(text, times);
        expect(JSON.parse(body)).toEqual({ jsonrpc: '2.0', id: 1, result: text.repeat(times) });
        expect(Number(length)).toBe(Buffer.byteLength(body));
      }
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('answers a notification with 200 and an empty body, like geth', async () => {
    const handle = await start();
    const response = await post(handle.url, JSON.stringify({ jsonrpc: '2.0', method: 'test_void' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('0');
    expect(await response.text()).toBe('');
  });

  it('answers invalid JSON with a parse error', async () => {
    const handle = await start();
    const response = await post(handle.url, '{');
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
  });

  it.each([
    ['declared length', (size: number) => 'x'.repeat(size)],
    ['chunked stream', (size: number) => new Blob(['x'.repeat(size)]).stream()],
  ])('refuses an oversized body with 413 (%s)', async (_name, makeBody) => {
    const handle = await start();
    for (const size of [1025, 5_000_000]) {
      const response = await fetch(handle.url, { method: 'POST', headers: json, body: makeBody(size), duplex: 'half' } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'request body too large' } });
    }
    // The server is still fine.
    const after = await post(handle.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'test_void' }));
    expect(after.status).toBe(200);
  });

  it('refuses a body that does not fit the shared in-flight budget with 503, and gives the budget back after each answer', async () => {
    const inFlight = new InFlightBytes(900);
    const handle = await start({ inFlight });
    // Long enough that a loaded machine still sends the second request while the first is held.
    const slow = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'test_sleep', params: [1_000] }).padEnd(600, ' ');
    const first = post(handle.url, slow);
    first.catch(() => {}); // awaited below; a failed wait before that must not leave it unhandled
    await vi.waitFor(() => expect(inFlight.held).toBe(600), { timeout: 900, interval: 5 });
    const refused = await post(handle.url, slow);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32005, message: 'server busy: too many request bytes in flight; retry in a moment' },
    });
    expect((await first).status).toBe(200);
    expect(inFlight.held).toBe(0);
    expect((await post(handle.url, slow)).status).toBe(200);
    expect(inFlight.held).toBe(0);
  });

  it('accepts a body of exactly maxBodyBytes', async () => {
    const handle = await start();
    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'test_void' });
    const response = await post(handle.url, message.padEnd(1024, ' '));
    expect(response.status).toBe(200);
  });

  it('answers a CORS preflight', async () => {
    const handle = await start();
    const response = await fetch(handle.url, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, GET, OPTIONS');
    // Sequin-Position: a browser client may send back the read position it last saw.
    expect(response.headers.get('access-control-allow-headers')).toBe('Content-Type, Authorization, Sequin-Position');
  });

  it.each([
    ['text/plain', 415],
    ['application/x-www-form-urlencoded', 415],
    ['application/json; charset=utf-8', 200],
    ['Application/JSON', 200],
    ['application/json-rpc', 200],
    ['application/jsonrequest', 200],
  ])('Content-Type %s → %i', async (contentType, status) => {
    const handle = await start();
    const response = await post(handle.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'test_void' }), { 'Content-Type': contentType });
    expect(response.status).toBe(status);
    if (status === 415) expect(await response.text()).toBe('invalid content type, only application/json is supported\n');
  });

  it('answers 415 when Content-Type is missing', async () => {
    const handle = await start();
    const answer = await raw(handle.port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}');
    expect(answer).toMatch(/^HTTP\/1\.1 415 /);
  });

  it('serves /health, the GET hook, then 404', async () => {
    const handle = await start({
      getHandler: (req, res) => {
        if (req.url !== '/') return false;
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Sequin</h1>');
        return true;
      },
    });
    const health = await fetch(`${handle.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${handle.url}/`)).text()).toBe('<h1>Sequin</h1>');
    expect((await fetch(`${handle.url}/nope`)).status).toBe(404);
  });

  it('answers 404 to GET without a hook, 405 to PUT', async () => {
    const handle = await start();
    expect((await fetch(`${handle.url}/`)).status).toBe(404);
    const put = await fetch(handle.url, { method: 'PUT', headers: json, body: '{}' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST, GET, OPTIONS');
  });

  it('answers 403 to a public client calling a dedicated method; authorize can grant the tier', async () => {
    const handle = await start({
      authorize: (req, context) => ({ ok: true, context: req.headers.authorization === 'Bearer good' ? { ...context, tier: 'dedicated' } : context }),
    });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'test_dedicated' });
    const refused = await post(handle.url, body);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32004, message: 'method test_dedicated requires a dedicated endpoint' } });
    const granted = await post(handle.url, body, { ...json, Authorization: 'Bearer good' });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toEqual({ jsonrpc: '2.0', id: 1, result: 'secret' });
  });

  it.each<[number, number, Record<string, string>]>([
    [401, -32600, {}],
    [403, -32004, {}],
    [404, -32600, {}],
    [429, -32005, { 'Retry-After': '3' }],
  ])('answers a refusal with its status %i, headers and a JSON-RPC error %i, without reading the body', async (status, code, headers) => {
    let authorized = 0;
    const handle = await start({
      authorize: (req) => {
        authorized++;
        return req.url === '/ok' ? { ok: true, context: { tier: 'public' } } : { ok: false, status, message: 'go away', headers };
      },
    });
    // A body over the size limit would be 413 if it were read; the refusal comes first.
    const response = await fetch(handle.url, { method: 'POST', headers: json, body: new Blob(['x'.repeat(4000)]).stream(), duplex: 'half' } as RequestInit);
    expect(response.status).toBe(status);
    expect(response.headers.get('retry-after')).toBe(headers['Retry-After'] ?? null);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code, message: 'go away' } });
    // The connection is still good for the next request.
    expect((await post(`${handle.url}/ok`, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'test_void' }))).status).toBe(200);
    expect(authorized).toBe(2);
  });

  it("passes the rate limiter's 429 and Retry-After from the RPC server", async () => {
    const handle = await start({
      authorize: (_req, context) => ({
        ok: true,
        context: {
          ...context,
          callBudget: { take: (calls) => (calls > 2 ? { ok: false, retryAfterSeconds: 7, message: 'rate limit exceeded' } : { ok: true }) },
        },
      }),
    });
    const call = { jsonrpc: '2.0', id: 1, method: 'test_void' };
    const refused = await post(handle.url, JSON.stringify([call, { ...call, id: 2 }, { jsonrpc: '2.0', method: 'test_void' }]));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('7');
    const error = { code: -32005, message: 'rate limit exceeded', data: { retryAfterSeconds: 7 } };
    expect(await refused.json()).toEqual([
      { jsonrpc: '2.0', id: 1, error },
      { jsonrpc: '2.0', id: 2, error },
    ]);
    expect((await post(handle.url, JSON.stringify([call, call]))).status).toBe(200);
  });

  it('answers 500 when authorize throws, and keeps serving', async () => {
    const handle = await start({
      authorize: () => {
        throw new Error('auth store down');
      },
    });
    const response = await post(handle.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'test_void' }));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'internal error' } });
  });

  it('awaits an asynchronous GET hook', async () => {
    const handle = await start({
      getHandler: async (req, res) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (req.url !== '/metrics') return false;
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('up 1\n');
        return true;
      },
    });
    expect(await (await fetch(`${handle.url}/metrics`)).text()).toBe('up 1\n');
    expect((await fetch(`${handle.url}/other`)).status).toBe(404);
  });

  it('reuses keep-alive connections and still closes promptly', async () => {
    const handle = await start();
    let connections = 0;
    handle.server.on('connection', () => connections++);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 3; i++) {
      const answer = await new Promise<{ connection: string | undefined; body: string }>((resolve, reject) => {
        const request = http.request(handle.url, { method: 'POST', agent, headers: json }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ connection: response.headers.connection, body }));
        });
        request.on('error', reject);
        request.end(JSON.stringify({ jsonrpc: '2.0', id: i, method: 'test_void' }));
      });
      expect(answer).toEqual({ connection: 'keep-alive', body: `{"jsonrpc":"2.0","id":${i},"result":null}` });
    }
    expect(connections).toBe(1);
    // The agent still holds the idle socket open: close() must not wait for it.
    const started = performance.now();
    await handle.close();
    expect(performance.now() - started).toBeLessThan(1000);
    await handle.close(); // idempotent
    agent.destroy();
  });

  it('survives aborted requests and garbage on the wire', async () => {
    const handle = await start();
    // A body cut short: the client promises 100 bytes, sends 10 and hangs up.
    await new Promise<void>((resolve) => {
      const socket = net.connect(handle.port, '127.0.0.1', () => {
        socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc"');
        setTimeout(() => socket.destroy(), 20);
      });
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    // A client that leaves while its (slow) call runs.
    const controller = new AbortController();
    const slow = post(handle.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'test_sleep', params: [50] }));
    void fetch(handle.url, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'test_sleep', params: [50] }),
      signal: controller.signal,
    }).catch(() => {});
    setTimeout(() => controller.abort(), 10);
    expect((await slow).status).toBe(200);
    // Not HTTP at all.
    expect(await raw(handle.port, 'hello\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const response = await post(handle.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'test_void' }));
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: null });
  });
});

describe('startHttpServer: drain (graceful shutdown)', () => {
  /** Sends `request` on `socket` and resolves with the next complete answer's status line and whether the server then closed. */
  const exchange = (socket: net.Socket, request: string) =>
    new Promise<string>((resolve) => {
      let answer = '';
      const onData = (chunk: Buffer) => {
        answer += chunk.toString();
        if (/\r\n\r\n[\s\S]*\}$/.test(answer) || /Content-Length: 0\r\n\r\n$/.test(answer)) {
          socket.off('data', onData);
          resolve(answer);
        }
      };
      socket.on('data', onData);
      socket.write(request);
    });
  const call = (method: string, params: unknown[]) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
    return `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
  };

  it('answers the request in flight (closing its connection after), closes idle keep-alive connections, stops listening, and resolves once idle', async () => {
    const handle = await start();
    const busy = net.connect(handle.port, '127.0.0.1');
    const idle = net.connect(handle.port, '127.0.0.1');
    await Promise.all([busy, idle].map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
    const idleClosed = new Promise((resolve) => idle.once('close', resolve));
    // The idle connection made one call already: it is an open keep-alive connection.
    expect(await exchange(idle, call('test_echo', ['a']))).toMatch(/^HTTP\/1\.1 200 /);
    const slow = exchange(busy, call('test_sleep', [150]));
    await new Promise((resolve) => setTimeout(resolve, 30));

    const startedAt = performance.now();
    const drained = handle.drain(5_000);
    const busyClosed = new Promise((resolve) => busy.once('close', resolve));
    const answer = await slow;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toMatch(/"result":150\}$/);
    await drained;
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    await busyClosed;
    await idleClosed;
    // No longer listening.
    await expect(new Promise((resolve, reject) => net.connect(handle.port, '127.0.0.1').once('connect', resolve).once('error', reject))).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });

  it('gives up waiting after the grace period', async () => {
    const handle = await start();
    const socket = net.connect(handle.port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    void exchange(socket, call('test_sleep', [2_000]));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const startedAt = performance.now();
    await handle.drain(100);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
  });
});
