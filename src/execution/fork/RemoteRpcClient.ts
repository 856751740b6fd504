/**
 * The JSON-RPC client of fork mode: one remote node, reached over HTTP(S), with what a public
 * provider needs. Every request has a deadline (`timeoutMs`, then it counts as failed: never a
 * hang); failures are retried `retries` times with exponential backoff (100 ms, 200 ms, … capped at
 * 5 s); requests are spaced to at most `requestsPerSecond` (0: no cap), over all callers of one client.
 * A batch is one HTTP request. What finally fails is a {@link ForkRemoteError} naming the remote by
 * its redacted URL and the method; the URL itself (it may hold an API key) is never in a message.
 */

import { redactUrl } from '../../config/forkSettings.js';
import { ForkRemoteError } from '../../errors/ForkRemoteError.js';

/** One call of a batch. */
export interface RemoteCall {
  method: string;
  params: unknown[];
}

/** Options of {@link RemoteRpcClient}. */
export interface RemoteRpcOptions {
  url: string;
  retries: number;
  timeoutMs: number;
  /** Most HTTP requests per second; 0 for no cap. */
  requestsPerSecond: number;
}

const FIRST_BACKOFF_MS = 100;
const LONGEST_BACKOFF_MS = 5000;

/** A remote error the remote answered on purpose (a JSON-RPC error object): retrying would not help. */
class AnsweredError extends Error {}

export class RemoteRpcClient {
  /** The remote as it may be shown. */
  readonly remote: string;
  /** HTTP requests sent (for tests and the bench: round trips). */
  requestCount = 0;
  private nextSlotMs = 0;
  private nextId = 1;
  /** The URL fetch is given: credentials moved out of it (fetch refuses URLs that hold them) into {@link headers}. */
  private readonly endpoint: string;
  private readonly headers: Record<string, string> = { 'content-type': 'application/json' };

  constructor(private readonly options: RemoteRpcOptions) {
    this.remote = redactUrl(options.url);
    const url = new URL(options.url);
    if (url.username !== '' || url.password !== '') {
      const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      this.headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
      url.username = '';
      url.password = '';
    }
    this.endpoint = url.href;
  }

  /** Calls one method; its result, or a ForkRemoteError. */
  async call<T = unknown>(method: string, params: unknown[]): Promise<T> {
    const [result] = await this.batch([{ method, params }]);
    return result as T;
  }

  /** Calls several methods in one HTTP request; their results in order, or a ForkRemoteError (for the first that failed). */
  async batch(calls: readonly RemoteCall[]): Promise<unknown[]> {
    const name = calls.map((call) => call.method).join('+');
    let lastProblem = 'no attempt';
    for (let attempt = 0; attempt <= this.options.retries; attempt++) {
      if (attempt > 0) await sleep(Math.min(LONGEST_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1)));
      try {
        return await this.send(calls);
      } catch (error) {
        if (error instanceof AnsweredError) throw new ForkRemoteError(this.remote, name, this.scrub(error.message));
        lastProblem = this.scrub(error instanceof Error ? error.message : String(error));
      }
    }
    throw new ForkRemoteError(this.remote, name, `${lastProblem} (after ${this.options.retries + 1} attempts)`);
  }

  private async send(calls: readonly RemoteCall[]): Promise<unknown[]> {
    await this.waitForSlot();
    const requests = calls.map((call) => ({ jsonrpc: '2.0', id: this.nextId++, method: call.method, params: call.params }));
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.options.timeoutMs);
    let response: Response;
    let text: string;
    try {
      this.requestCount++;
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: this.headers,
        body: JSON.stringify(requests.length === 1 ? requests[0] : requests),
        signal: abort.signal,
      });
      text = await response.text();
    } catch (error) {
      if (abort.signal.aborted) throw new Error(`timed out after ${this.options.timeoutMs} ms`);
      // fetch's own message ("fetch failed") says nothing; its cause names the socket error (ECONNREFUSED, …).
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : 'connection failed'));
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error('answer is not JSON');
    }
    const answers = Array.isArray(parsed) ? parsed : [parsed];
    const byId = new Map<unknown, { result?: unknown; error?: { message?: string; code?: number } }>();
    for (const answer of answers) if (answer && typeof answer === 'object') byId.set((answer as { id: unknown }).id, answer);
    return requests.map((request) => {
      const answer = byId.get(request.id);
      if (!answer) throw new Error(`no answer to ${request.method}`);
      if (answer.error) {
        // Rate limits are worth retrying; anything else the remote says is its final word.
        if (answer.error.code === 429 || answer.error.code === -32005) throw new Error(`rate limited: ${answer.error.message ?? ''}`);
        throw new AnsweredError(String(answer.error.message ?? 'error'));
      }
      return answer.result;
    });
  }

  /** `text` with the URL's secret parts (path, query, credentials) replaced, should a library or the remote have echoed them. */
  private scrub(text: string): string {
    const url = new URL(this.options.url);
    const secrets = [this.options.url, this.endpoint, `${url.pathname}${url.search}`, url.username, url.password].filter((part) => part.length > 1);
    return secrets.reduce((scrubbed, secret) => scrubbed.split(secret).join('…'), text);
  }

  /** Spaces requests evenly at the rate cap (a leaky bucket over every caller of this client). */
  private async waitForSlot(): Promise<void> {
    const { requestsPerSecond } = this.options;
    if (requestsPerSecond <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, this.nextSlotMs);
    this.nextSlotMs = slot + 1000 / requestsPerSecond;
    if (slot > now) await sleep(slot - now);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
