/**
 * A minimal JSON-RPC client over a raw WebSocket, for tests that need to see the wire:
 * subscription ids, every notification in arrival order, close codes.
 */
import WebSocket from 'ws';
import { pollUntil } from './helpers.js';

export interface Notification {
  subscription: string;
  result: unknown;
  cursor?: { blockNumber: string; transactionIndex: string; subBlockIndex: string };
}

export interface WsRpcClient {
  socket: WebSocket;
  /** Notifications received so far, per subscription id, in arrival order. */
  notifications: Map<string, Notification[]>;
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Sends a request and returns the whole response (result or error). */
  request(method: string, params?: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }>;
  subscribe(kind: string, options?: unknown): Promise<string>;
  /** Waits until subscription `id` has at least `count` notifications; returns them. */
  waitFor(id: string, count: number, timeoutMs?: number): Promise<Notification[]>;
  /** Resolves with the close code and reason when the server closes the connection. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Opens `ws://…` for the node at `httpUrl` (or a given ws URL). */
export async function connectWs(httpUrl: string): Promise<WsRpcClient> {
  const socket = new WebSocket(httpUrl.replace(/^http/, 'ws'));
  const pending = new Map<number, (response: { result?: unknown; error?: { code: number; message: string } }) => void>();
  const notifications = new Map<string, Notification[]>();
  let nextId = 1;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    for (const entry of Array.isArray(message) ? message : [message]) {
      if (entry.method === 'eth_subscription') {
        const list = notifications.get(entry.params.subscription) ?? [];
        list.push(entry.params);
        notifications.set(entry.params.subscription, list);
      } else pending.get(entry.id)?.(entry);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const request: WsRpcClient['request'] = (method, params = []) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  const call = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await request(method, params);
    if (response.error) throw new Error(`${method}: ${response.error.code} ${response.error.message}`);
    return response.result as T;
  };
  return {
    socket,
    notifications,
    request,
    call,
    subscribe: async (kind, options) => {
      const id = await call<string>('eth_subscribe', options === undefined ? [kind] : [kind, options]);
      notifications.set(id, notifications.get(id) ?? []);
      return id;
    },
    waitFor: (id, count, timeoutMs = 10_000) =>
      pollUntil(async () => ((notifications.get(id)?.length ?? 0) >= count ? (notifications.get(id) as Notification[]) : undefined), {
        timeoutMs,
        intervalMs: 10,
        what: `${count} notifications`,
      }),
    closed,
    close: () => socket.close(),
  };
}
