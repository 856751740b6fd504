/**
 * JSON-RPC over fetch to a network's RPC URL. A JSON-RPC error comes back as a
 * {@link ProviderRpcError} with the node's code, message and data (so a dApp sees the node's
 * "nonce too low" as it would from any wallet); a request that never gets an answer (refused
 * connection, CORS, time-out, non-JSON reply) throws {@link RpcUnreachableError}.
 */
import { ProviderRpcError } from '../shared/providerErrors.js';

/** The RPC URL could not be reached or did not answer JSON-RPC. */
export class RpcUnreachableError extends Error {
  readonly url: string;

  constructor(url: string, reason: string) {
    super(`${url} did not answer: ${reason}`);
    this.name = 'RpcUnreachableError';
    this.url = url;
  }
}

let nextId = 1;

/** One JSON-RPC call; resolves with `result`. Default time-out 10 s. */
export async function rpcRequest<T = unknown>(url: string, method: string, params: unknown[] = [], options: { timeoutMs?: number } = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
  let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      signal: controller.signal,
    });
    const text = await response.text();
    try {
      body = JSON.parse(text);
    } catch {
      throw new RpcUnreachableError(url, `HTTP ${response.status} with a body that is not JSON-RPC`);
    }
  } catch (error) {
    if (error instanceof RpcUnreachableError) throw error;
    throw new RpcUnreachableError(url, controller.signal.aborted ? 'timed out' : (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data);
  return body.result as T;
}
