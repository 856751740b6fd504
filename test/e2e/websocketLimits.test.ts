/**
 * WebSocket limits against the real node: 200 subscribers of which half never read (the
 * stalled ones are dropped as slow consumers, the readers get everything, the node stays
 * responsive and its memory bounded), subscriptions per connection, connections per address,
 * and the message size limit.
 */
import { readFileSync } from 'node:fs';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { postRaw, rpcResult, signTransfer } from './helpers.js';
import { connectWs, type WsRpcClient } from './wsClient.js';

let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess({
    args: ['--ws-max-buffered-bytes', '65536', '--ws-max-connections-per-ip', '220', '--ws-max-subscriptions', '6', '--max-body-bytes', '4096'],
  });
});
afterAll(cleanupNodeProcesses);

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

async function burst(count: number): Promise<Hex[]> {
  const raws: Hex[] = [];
  for (let i = 0; i < count; i++) {
    raws.push(await signTransfer(i % 8, Math.floor(i / 8), 20_000_000_000n));
  }
  // This node's --max-body-bytes is 4096: one tx per request, 50 requests at a time.
  const hashes: Hex[] = [];
  for (let start = 0; start < raws.length; start += 50) {
    const slice = raws.slice(start, start + 50);
    const results = await Promise.all(slice.map((raw) => rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [raw])));
    hashes.push(...results);
  }
  return hashes;
}

describe('slow consumers', () => {
  it('with 200 subscribers of which half never read, drops the stalled ones and keeps serving the rest', async () => {
    const readers: Array<{ client: WsRpcClient; id: string }> = [];
    const stalled: WsRpcClient[] = [];
    for (let i = 0; i < 100; i++) {
      const client = await connectWs(node.url);
      readers.push({ client, id: await client.subscribe('newPreconfBlockTransactions') });
    }
    for (let i = 0; i < 100; i++) {
      const client = await connectWs(node.url);
      for (let s = 0; s < 5; s++) await client.subscribe('newPreconfBlockTransactions', { full: true });
      client.socket.pause(); // reads nothing from now on: what the node sends piles up
      stalled.push(client);
    }
    const rssBefore = rssMiB(node.process.pid!);
    const sent = await burst(1200);

    // Every reader gets every tx; the node answers calls throughout.
    for (const { client, id } of readers) {
      const received = await client.waitFor(id, sent.length, 20_000);
      expect(new Set(received.map((n) => n.result))).toEqual(new Set(sent));
    }
    expect(await rpcResult(node.url, 'eth_chainId')).toBe('0x7a69');
    // 100 stalled clients × 5 full subscriptions × 1,200 txs is ~1.1 GB of notifications: the
    // node must not have buffered it. (Each stalled socket may hold ~4 MB in kernel buffers.)
    expect(rssMiB(node.process.pid!) - rssBefore).toBeLessThan(300);

    // The stalled clients were closed: once they read again they find the connection gone.
    for (const client of stalled) client.socket.resume();
    const closes = await Promise.all(stalled.map((client) => client.closed));
    for (const close of closes) expect([1008, 1006]).toContain(close.code);
    expect(node.stderr().match(/dropping slow websocket consumer/g)).toHaveLength(100);
    for (const { client } of readers) client.close();
  }, 90_000);
});

describe('limits', () => {
  it('refuses a subscription past --ws-max-subscriptions with -32005', async () => {
    const client = await connectWs(node.url);
    for (let i = 0; i < 6; i++) await client.subscribe('newHeads');
    expect((await client.request('eth_subscribe', ['newHeads'])).error).toEqual({ code: -32005, message: 'too many subscriptions: at most 6 per connection' });
    client.close();
  });

  it('closes a connection that sends a message over --max-body-bytes with 1009', async () => {
    const client = await connectWs(node.url);
    client.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: ['x'.repeat(5000)] }));
    expect((await client.closed).code).toBe(1009);
  });

  it('refuses the upgrade past --ws-max-connections-per-ip with HTTP 429', async () => {
    const clients: WsRpcClient[] = [];
    for (let i = 0; i < 220; i++) clients.push(await connectWs(node.url));
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(node.url.replace(/^http/, 'ws'));
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => reject(new Error('connection was accepted')));
    });
    expect(status).toBe(429);
    for (const client of clients) client.close();
    await Promise.all(clients.map((client) => client.closed));
    // Closed connections free their slots.
    const again = await connectWs(node.url);
    expect(await again.call('eth_chainId')).toBe('0x7a69');
    again.close();
    expect(await postRaw(node.url, '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}').then((r) => r.status)).toBe(200);
  });
});
