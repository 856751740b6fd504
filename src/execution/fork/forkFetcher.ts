/**
 * The entry point of the fork fetcher thread (started by {@link SyncRemote}; bundled on its own as
 * dist/bundle/forkFetcher.js). It owns the remote client (timeouts, retries, rate cap) and the
 * durable cache, so every thread of the node shares one rate cap and one cache:
 *
 *   reader thread ──{ request }──▶ fetcher: cache hit? ─yes─▶ answer
 *        │ Atomics.wait                 └─no─▶ remote batch ─▶ cache (committed) ─▶ answer
 *        └── receiveMessageOnPort ◀── answer posted, then Atomics.notify
 *
 * The cache is its own LMDB environment (`<data-dir>/fork-cache`): it holds facts about a remote
 * block that cannot change, written from here alone, so it stays outside the chain's storage and
 * its one-writer rule. An answer is committed to disk before it is handed back, so a kill -9 never
 * loses what a reader has already seen.
 */
import { type MessagePort, workerData } from 'node:worker_threads';
import { open, type RootDatabase } from 'lmdb';
import { ForkRemoteError } from '../../errors/ForkRemoteError.js';
import type { ForkFetcherData, ForkFetchRequest, ForkFetchResponse } from './ForkFetchProtocol.js';
import { RemoteRpcClient } from './RemoteRpcClient.js';

const data = workerData as ForkFetcherData & { port: MessagePort };
const signal = new Int32Array(data.signal);
let client = new RemoteRpcClient(data);
let requestsBefore = 0;
const database: RootDatabase<unknown, string> | undefined = data.cachePath ? open({ path: data.cachePath, compression: false }) : undefined;
const memory = new Map<string, unknown>();

function cacheGet(key: string): unknown {
  const full = `${data.forkKey}|${key}`;
  return database ? database.get(full) : memory.get(full);
}

async function cachePut(key: string, value: unknown): Promise<void> {
  const full = `${data.forkKey}|${key}`;
  // null marks "answered null" (a block the remote does not have), distinct from "not cached".
  if (database) await database.put(full, value ?? null);
  else memory.set(full, value ?? null);
}

async function answer(request: ForkFetchRequest): Promise<unknown> {
  switch (request.kind) {
    case 'calls': {
      const keys = request.calls.map((call) => `${call.method}${JSON.stringify(call.params)}`);
      const cached = request.cache ? keys.map(cacheGet) : keys.map(() => undefined);
      const missing = request.calls.filter((_, index) => cached[index] === undefined);
      if (missing.length === 0) return cached;
      const fetched = await client.batch(missing);
      let next = 0;
      const results = cached.map((value) => (value === undefined ? fetched[next++] : value));
      if (request.cache) await Promise.all(results.map((value, index) => (cached[index] === undefined ? cachePut(keys[index]!, value) : undefined)));
      return results;
    }
    case 'remember':
      await cachePut(request.key, request.value);
      return null;
    case 'recall':
      return cacheGet(request.key) ?? null;
    case 'setUrl':
      requestsBefore += client.requestCount;
      client = new RemoteRpcClient({ ...data, url: request.url });
      return client.remote;
    case 'requestCount':
      return requestsBefore + client.requestCount;
  }
}

data.port.on('message', async (request: ForkFetchRequest) => {
  let response: ForkFetchResponse;
  try {
    response = { ok: true, value: await answer(request) };
  } catch (error) {
    response =
      error instanceof ForkRemoteError
        ? { ok: false, remote: error.remote, method: error.method, problem: error.problem }
        : { ok: false, remote: client.remote, method: request.kind, problem: error instanceof Error ? error.message : String(error) };
  }
  data.port.postMessage(response);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
