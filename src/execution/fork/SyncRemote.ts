/**
 * Synchronous access to the forked chain, for the synchronous state readers the EVM runs on
 * (execution/StateReader.ts): a request goes to the fork fetcher thread (forkFetcher.ts), and the
 * calling thread blocks in Atomics.wait until the answer is posted, then takes it with
 * receiveMessageOnPort. Answers are also memoised here, so a warm read is a Map lookup.
 *
 * Why block: state reads happen deep inside the EVM and the sequencer's synchronous paths (pool
 * checks, fast transfers); blocking on a miss keeps every one of them unchanged, and a read that
 * hits the memo or the local state never leaves the thread. The price: a cold read stalls this
 * thread for one remote round trip (see docs/guides/forking.md#the-hot-path).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { ForkRemoteError } from '../../errors/ForkRemoteError.js';
import type { ForkFetcherData, ForkFetchRequest, ForkFetchResponse } from './ForkFetchProtocol.js';
import type { RemoteCall } from './RemoteRpcClient.js';

/** Memoised answers beyond which the memo starts over (bounds memory). */
const MEMO_LIMIT = 200_000;

export class SyncRemote {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal: Int32Array;
  private readonly memo = new Map<string, unknown>();
  private readonly deadlineMs: number;
  private closed = false;
  /** The remote as it may be shown (redacted). */
  remote: string;

  constructor(options: Omit<ForkFetcherData, 'signal'> & { remote: string }) {
    const shared = new SharedArrayBuffer(4);
    this.signal = new Int32Array(shared);
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.remote = options.remote;
    const { remote: _remote, ...rest } = options;
    const { script, eval: isEval } = fetcherScript();
    this.worker = new Worker(script, {
      eval: isEval,
      workerData: { ...rest, signal: shared, port: channel.port2 },
      transferList: [channel.port2],
    });
    this.worker.unref();
    this.port.unref();
    // Each attempt may take the timeout, and the backoff between attempts is at most 5 s; a minute
    // more covers the rate cap's spacing. Past that the fetcher is gone: fail rather than hang.
    this.deadlineMs = (options.retries + 1) * (options.timeoutMs + 5000) + 60_000;
  }

  /** The results of `calls` (one remote batch for those not cached), cached durably when `cache`. */
  calls(calls: RemoteCall[], cache = true): unknown[] {
    if (!cache) return this.request({ kind: 'calls', calls, cache }) as unknown[];
    const keys = calls.map((call) => `${call.method}${JSON.stringify(call.params)}`);
    if (keys.every((key) => this.memo.has(key))) return keys.map((key) => this.memo.get(key));
    const results = this.request({ kind: 'calls', calls, cache }) as unknown[];
    for (const [index, key] of keys.entries()) this.remember(key, results[index]);
    return results;
  }

  /** One call's result (cached). */
  call(method: string, params: unknown[]): unknown {
    return this.calls([{ method, params }])[0];
  }

  /** Stores a fact derived from remote answers in the durable cache (code by its hash). */
  store(key: string, value: unknown): void {
    this.remember(`=${key}`, value);
    this.request({ kind: 'remember', key: `=${key}`, value });
  }

  /** Caches `value` as the answer to `method(params)`, fetched some other way (the fork block, at start). */
  seed(method: string, params: unknown[], value: unknown): void {
    const key = `${method}${JSON.stringify(params)}`;
    this.remember(key, value);
    this.request({ kind: 'remember', key, value });
  }

  /** A fact stored with {@link store}, or undefined. */
  recall(key: string): unknown {
    const memoKey = `=${key}`;
    if (this.memo.has(memoKey)) return this.memo.get(memoKey);
    const value = this.request({ kind: 'recall', key: memoKey }) ?? undefined;
    if (value !== undefined) this.remember(memoKey, value);
    return value;
  }

  /** Repoints the remote (anvil_setRpcUrl); what is cached stays valid: it is keyed by the fork block. */
  setUrl(url: string): void {
    this.remote = this.request({ kind: 'setUrl', url }) as string;
  }

  /** HTTP requests sent to the remote so far. */
  requestCount(): number {
    return this.request({ kind: 'requestCount' }) as number;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.port.close();
    await this.worker.terminate();
  }

  private remember(key: string, value: unknown): void {
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    this.memo.set(key, value);
  }

  private request(request: ForkFetchRequest): unknown {
    // A reader still holding a replaced fork (a trace that started before anvil_reset) fails at once rather than waiting out the deadline.
    if (this.closed) throw new ForkRemoteError(this.remote, request.kind, 'the fork was replaced by anvil_reset');
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage(request);
    const outcome = Atomics.wait(this.signal, 0, 0, this.deadlineMs);
    const received = receiveMessageOnPort(this.port);
    if (outcome === 'timed-out' || !received) throw new ForkRemoteError(this.remote, request.kind, 'the fork fetcher did not answer');
    const response = received.message as ForkFetchResponse;
    if (!response.ok) throw new ForkRemoteError(response.remote, response.method, response.problem);
    return response.value;
  }
}

/**
 * How to start the fetcher: forkFetcher.js beside this module when compiled, dist/bundle/forkFetcher.js
 * beside the bundle, or the .ts source through tsx's loader under vitest (as CallExecutor does).
 */
function fetcherScript(): { script: string | URL; eval: boolean } {
  const compiled = new URL('./forkFetcher.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return { script: compiled, eval: false };
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const source = new URL('./forkFetcher.ts', import.meta.url).href;
  return { script: `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`, eval: true };
}
