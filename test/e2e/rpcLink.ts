/**
 * One JSON-RPC connection to a node, over HTTP (fetch, keep-alive) or one WebSocket, with
 * batches: what the consistency probes need to send a whole batch in one message and get the
 * answers back in request order.
 */
import WebSocket from 'ws';
import type { RpcResponse } from './helpers.js';

/** One call of a batch. */
export interface RpcCall {
  method: string;
  params: unknown[];
}

/** A JSON-RPC connection: single calls and batches. */
export interface RpcLink {
  /** One call that must succeed; its result. */
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** One batch in one message; the responses in the order of `calls`. */
  batch(calls: readonly RpcCall[]): Promise<RpcResponse[]>;
  close(): void;
}

/** A link over HTTP POSTs to `url`. */
export function httpLink(url: string): RpcLink {
  let nextId = 1;
  const post = async (body: unknown): Promise<unknown> => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text}`);
    return JSON.parse(text);
  };
  return {
    call: async <T>(method: string, params: unknown[] = []) =>
      resultOf<T>(method, (await post({ jsonrpc: '2.0', id: nextId++, method, params })) as RpcResponse),
    batch: async (calls) => inRequestOrder(calls, (await post(calls.map((call) => ({ jsonrpc: '2.0', id: nextId++, ...call })))) as RpcResponse[]),
    close: () => {},
  };
}

/** A link over one WebSocket to the node at `url` (http:// or ws://). */
export async function webSocketLink(url: string): Promise<RpcLink> {
  const socket = new WebSocket(url.replace(/^http/, 'ws'));
  const waiting = new Map<number, (message: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as RpcResponse | RpcResponse[];
    const first = Array.isArray(message) ? message[0] : message;
    const id = Number(first?.id);
    waiting.get(id)?.(message);
    waiting.delete(id);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 1;
  const send = (firstId: number, body: unknown) =>
    new Promise<unknown>((resolve) => {
      waiting.set(firstId, resolve);
      socket.send(JSON.stringify(body));
    });
  return {
    call: async <T>(method: string, params: unknown[] = []) => {
      const id = nextId++;
      return resultOf<T>(method, (await send(id, { jsonrpc: '2.0', id, method, params })) as RpcResponse);
    },
    batch: async (calls) => {
      const firstId = nextId;
      nextId += calls.length;
      const body = calls.map((call, index) => ({ jsonrpc: '2.0', id: firstId + index, ...call }));
      return inRequestOrder(calls, (await send(firstId, body)) as RpcResponse[]);
    },
    close: () => socket.close(),
  };
}

function resultOf<T>(method: string, response: RpcResponse): T {
  if (response.error) throw new Error(`${method} failed: ${response.error.code} ${response.error.message}`);
  return response.result as T;
}

/** The batch's responses sorted back into request order (a server may answer in any order). */
function inRequestOrder(calls: readonly RpcCall[], responses: RpcResponse[]): RpcResponse[] {
  if (!Array.isArray(responses) || responses.length !== calls.length)
    throw new Error(`batch of ${calls.length} answered with ${JSON.stringify(responses).slice(0, 300)}`);
  const ids = responses.map((response) => Number(response.id));
  const first = Math.min(...ids);
  const ordered: RpcResponse[] = new Array(calls.length);
  for (const response of responses) ordered[Number(response.id) - first] = response;
  return ordered;
}
