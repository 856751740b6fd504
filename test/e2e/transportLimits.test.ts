/**
 * Transport limits against the real node (issue 10): a client that trickles its HTTP request is
 * cut at --http-read-timeout (it was cut at 60.5 s against a documented 30 s: Node only checked
 * the deadline every 30 s), and API-key clients keep WebSocket slots of their own
 * (--ws-dedicated-share): public clients from many addresses cannot take every slot.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';

afterAll(cleanupNodeProcesses);

/**
 * Opens a raw TCP connection, writes `head`, then one byte of `trickle` every 100 ms. Resolves
 * with how long the server let it go on (ms) and what it answered before closing.
 */
function trickle(url: string, head: string, trickled: string): Promise<{ afterMs: number; answer: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const startedAt = Date.now();
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.once('connect', () => {
      socket.write(head);
      let sent = 0;
      timer = setInterval(() => {
        if (sent < trickled.length && socket.writable) socket.write(trickled[sent++]!);
      }, 100);
    });
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ afterMs: Date.now() - startedAt, answer });
    });
    socket.on('error', () => {});
  });
}

describe('--http-read-timeout', () => {
  let node: NodeProcess;
  beforeAll(async () => {
    node = await startNodeProcess({ args: ['--http-read-timeout', '1000'] });
  });

  it('answers 408 and cuts a client that trickles its headers, once the timeout has passed', async () => {
    const { afterMs, answer } = await trickle(node.url, 'POST / HTTP/1.1\r\nHost: localhost\r\n', `X-Slow: ${'a'.repeat(100)}`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(950);
    expect(afterMs).toBeLessThan(2_500);
  });

  it('answers 408 to a client that trickles its body, once the timeout has passed', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }).padEnd(200, ' ');
    const head = `POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { afterMs, answer } = await trickle(node.url, head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(950);
    expect(afterMs).toBeLessThan(2_500);
  });

  it('leaves a client that sends in time alone', async () => {
    const response = await fetch(node.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    });
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
  });
});

describe('--ws-dedicated-share', () => {
  const key = 'dedicated-share-test-key-0001';
  let node: NodeProcess;
  beforeAll(async () => {
    // 20 slots, 25 % (5) kept for keys: public clients get 15.
    node = await startNodeProcess({
      args: ['--api-key', key, '--trust-proxy', '--ws-max-connections', '20', '--ws-dedicated-share', '25', '--ws-max-connections-per-ip', '20'],
    });
  });

  /** Opens a WebSocket as client `address` (X-Forwarded-For), with the key or without; its socket, or the HTTP status and body of the refusal. */
  const open = (address: string, withKey: boolean) =>
    new Promise<{ socket: WebSocket } | { status: number; body: string }>((resolve) => {
      const socket = new WebSocket(`${node.url.replace(/^http/, 'ws')}${withKey ? `/v1/${key}` : ''}`, { headers: { 'x-forwarded-for': address } });
      socket.once('open', () => resolve({ socket }));
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk)).on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
    });

  it('refuses public clients from many addresses past their share, while keyed clients still get in', async () => {
    const sockets: WebSocket[] = [];
    for (let i = 0; i < 15; i++) {
      const opened = await open(`198.51.100.${i + 1}`, false);
      if (!('socket' in opened)) throw new Error(`public connection ${i} refused: ${opened.status} ${opened.body}`);
      sockets.push(opened.socket);
    }
    const sixteenth = await open('198.51.100.200', false);
    expect(sixteenth).toEqual({
      status: 503,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'too many websocket connections on the public endpoint: at most 15; use a dedicated endpoint' },
      }),
    });
    for (let i = 0; i < 5; i++) {
      const keyed = await open('203.0.113.9', true);
      if (!('socket' in keyed)) throw new Error(`keyed connection ${i} refused: ${keyed.status} ${keyed.body}`);
      sockets.push(keyed.socket);
    }
    // Every slot is now in use: a keyed client too is refused, as before.
    expect(await open('203.0.113.9', true)).toMatchObject({ status: 503 });
    // A public slot freed is a public slot again.
    await new Promise<void>((resolve) => {
      sockets[0]!.once('close', () => resolve());
      sockets[0]!.close();
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await open('198.51.100.201', false);
    expect('socket' in again).toBe(true);
    if ('socket' in again) sockets.push(again.socket);
    for (const socket of sockets) socket.terminate();
  });
});
