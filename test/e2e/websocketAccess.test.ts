/**
 * WebSocket access is decided per message, not once at the upgrade (issue 10): against the real
 * node, `sequin keys create` and `sequin keys revoke` (run on its data directory while it serves)
 * change what open connections may do from their next message, exactly as they would for a new
 * connection. A revoked key's connection gets the refusal a new one would (-32600 `invalid or
 * revoked API key`) and is closed with 1008 and that reason, which ends its subscriptions; one
 * that only listens is closed within about a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { cleanupNodeProcesses, type NodeProcess, runSequinCommand, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { connectWs } from './wsClient.js';

let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess({ storage: 'temp' });
});
afterAll(cleanupNodeProcesses);

/** Runs `sequin keys …` on the node's data directory; returns stdout. */
function keys(...args: string[]): string {
  const result = runSequinCommand(['keys', ...args, '--data-dir', node.dataDir!]);
  if (result.status !== 0) throw new Error(`sequin keys ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** The HTTP status a new WebSocket upgrade to `path` gets (101 when it is accepted). */
function upgradeStatus(path: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${node.url.replace(/^http/, 'ws')}${path}`);
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
  });
}

describe('WebSocket access, decided per message', () => {
  let key: string;

  it('a connection opened while the node was open turns public at its next message once a key exists, its public subscriptions going on', async () => {
    const early = await connectWs(node.url);
    const heads = await early.subscribe('newHeads');
    expect((await early.request('eth_getBlockReceipts', ['latest'])).error).toBeUndefined();

    key = keys('create', '--name', 'ws-app');
    expect(key).toMatch(/^sq_/);
    const refused = await early.request('eth_getBlockReceipts', ['latest']);
    expect(refused.error).toEqual({ code: -32004, message: 'method eth_getBlockReceipts requires a dedicated endpoint' });
    // The same refusal a connection opened now gets.
    const late = await connectWs(node.url);
    expect((await late.request('eth_getBlockReceipts', ['latest'])).error).toEqual(refused.error);
    // Public methods and public subscriptions carry on.
    expect(await early.call('eth_chainId')).toBe('0x7a69');
    const before = early.notifications.get(heads)!.length;
    await early.waitFor(heads, before + 1, 5_000);
    early.close();
    late.close();
  });

  it('a keyed connection is refused at its next message once its key is revoked, then closed with 1008; a listening one within a second', async () => {
    const keyed = await connectWs(`${node.url}/v1/${key}`);
    const ticks = await keyed.subscribe('newPreconfSubBlocks');
    expect((await keyed.request('eth_getBlockReceipts', ['latest'])).error).toBeUndefined();
    const listening = await connectWs(`${node.url}/v1/${key}`);
    const listened = await listening.subscribe('newPreconfSubBlocks');
    await listening.waitFor(listened, 1, 5_000);

    keys('revoke', 'ws-app');
    const revokedAt = Date.now();
    const refused = await keyed.request('eth_chainId');
    expect(refused.error).toEqual({ code: -32600, message: 'invalid or revoked API key' });
    expect(await keyed.closed).toEqual({ code: 1008, reason: 'invalid or revoked API key' });
    const delivered = keyed.notifications.get(ticks)!.length;

    // The connection that only listens is closed too, without sending anything.
    expect(await listening.closed).toEqual({ code: 1008, reason: 'invalid or revoked API key' });
    expect(Date.now() - revokedAt).toBeLessThan(3_000);
    // A new connection with that key is refused at the upgrade, as before.
    expect(await upgradeStatus(`/v1/${key}`)).toBe(401);
    // Nothing more arrived on the closed connection.
    expect(keyed.notifications.get(ticks)!.length).toBe(delivered);
  });

  it('a key created while a keyed connection is open does not disturb it', async () => {
    const second = keys('create', '--name', 'ws-second');
    const keyed = await connectWs(`${node.url}/v1/${second}`);
    expect((await keyed.request('eth_getBlockReceipts', ['latest'])).error).toBeUndefined();
    keys('create', '--name', 'ws-third');
    expect((await keyed.request('eth_getBlockReceipts', ['latest'])).error).toBeUndefined();
    keyed.close();
  });
});
