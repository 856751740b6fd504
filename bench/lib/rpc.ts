/**
 * Minimal JSON-RPC 2.0 client over node:http with a keep-alive Agent.
 *
 * Why not viem's transport or global fetch: the benchmark must measure the node, not the
 * client, so each request is one pre-serialised JSON string written to a pooled socket and
 * one JSON.parse of the reply (node:http measured faster than undici-backed fetch on Node 20;
 * see bench/README.md). Every request has a timeout so no benchmark loop can hang.
 */
import http from 'node:http';

export interface RpcCall {
  method: string;
  params: readonly unknown[];
}

/** One entry of a batch reply, in request order. */
export interface RpcOutcome {
  result?: unknown;
  error?: { code: number; message: string };
}

/** A JSON-RPC error object returned by the node (as opposed to a transport failure). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

interface RawReply {
  id?: number;
  result?: unknown;
  error?: { code: number; message: string };
}

export interface RpcClientOptions {
  /** Upper bound on concurrent sockets; excess requests queue inside the Agent. */
  maxSockets?: number;
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number;
}

export class RpcClient {
  readonly #agent: http.Agent;
  readonly #host: string;
  readonly #port: number;
  readonly #path: string;
  readonly #timeoutMs: number;
  #nextId = 1;

  constructor(url: string, options: RpcClientOptions = {}) {
    const parsed = new URL(url);
    this.#host = parsed.hostname;
    this.#port = Number(parsed.port || 80);
    this.#path = parsed.pathname || '/';
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 256, scheduling: 'lifo' });
  }

  /** Calls one method; resolves with `result` or rejects with RpcError / transport error. */
  async call<T = unknown>(method: string, params: readonly unknown[] = []): Promise<T> {
    const reply = (await this.#post(JSON.stringify({ jsonrpc: '2.0', id: this.#nextId++, method, params }))) as RawReply;
    if (reply.error) throw new RpcError(reply.error.code, reply.error.message);
    return reply.result as T;
  }

  /** Like {@link call}, as the client at `address` behind a proxy (X-Forwarded-For; the node needs --trust-proxy). */
  async callFrom<T = unknown>(address: string, method: string, params: readonly unknown[] = []): Promise<T> {
    const body = JSON.stringify({ jsonrpc: '2.0', id: this.#nextId++, method, params });
    const { status, text } = await this.#request(body, { 'x-forwarded-for': address });
    const reply = JSON.parse(text) as RawReply;
    if (reply.error) throw new RpcError(reply.error.code, reply.error.message);
    if (status !== 200) throw new Error(`HTTP ${status}: ${text.slice(0, 200)}`);
    return reply.result as T;
  }

  /**
   * Calls one method and resolves with the reply body unparsed, once its last byte has arrived:
   * for timing a large reply without the client's JSON.parse (the caller parses it afterwards).
   */
  callText(method: string, params: readonly unknown[] = []): Promise<string> {
    return this.#postText(JSON.stringify({ jsonrpc: '2.0', id: this.#nextId++, method, params }));
  }

  /** Sends one JSON-RPC batch; outcomes come back in request order (matched by id). */
  async batch(calls: readonly RpcCall[]): Promise<RpcOutcome[]> {
    if (calls.length === 0) return [];
    const firstId = this.#nextId;
    this.#nextId += calls.length;
    const body = JSON.stringify(calls.map((c, i) => ({ jsonrpc: '2.0', id: firstId + i, method: c.method, params: c.params })));
    const reply = await this.#post(body);
    if (!Array.isArray(reply)) {
      const single = reply as RawReply;
      throw new RpcError(single.error?.code ?? -32603, single.error?.message ?? 'batch reply is not an array');
    }
    const outcomes: RpcOutcome[] = new Array(calls.length);
    for (const item of reply as RawReply[]) {
      const index = (item.id ?? -1) - firstId;
      if (index >= 0 && index < calls.length) outcomes[index] = { result: item.result, error: item.error };
    }
    for (let i = 0; i < outcomes.length; i++) {
      outcomes[i] ??= { error: { code: -32603, message: 'missing from batch reply' } };
    }
    return outcomes;
  }

  /** Closes pooled sockets so the process can exit. */
  close(): void {
    this.#agent.destroy();
  }

  async #post(body: string): Promise<unknown> {
    const { status, text } = await this.#request(body);
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`HTTP ${status}: non-JSON reply: ${text.slice(0, 200)}`);
    }
  }

  async #postText(body: string): Promise<string> {
    const { status, text } = await this.#request(body);
    if (status !== 200) throw new Error(`HTTP ${status}: ${text.slice(0, 200)}`);
    return text;
  }

  #request(body: string, extraHeaders: Record<string, string> = {}): Promise<{ status: number | undefined; text: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: this.#agent,
          host: this.#host,
          port: this.#port,
          path: this.#path,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...extraHeaders },
          timeout: this.#timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode, text });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`request timed out after ${this.#timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }
}
