/**
 * The messages between {@link SyncRemote} (any thread that reads forked state) and the fork
 * fetcher thread (forkFetcher.ts), and the fetcher's start-up data.
 */
import type { RemoteCall, RemoteRpcOptions } from './RemoteRpcClient.js';

/** What the fetcher thread is started with. */
export interface ForkFetcherData extends RemoteRpcOptions {
  /** The LMDB environment of the durable cache; undefined keeps the cache in memory (--ephemeral). */
  cachePath: string | undefined;
  /** Names the forked state in cache keys (the fork block's hash): one cache may hold several forks. */
  forkKey: string;
  /** Where the fetcher announces an answer: Int32 slot 0 goes to 1. */
  signal: SharedArrayBuffer;
}

/** A request to the fetcher. */
export type ForkFetchRequest =
  /** Calls in one remote batch; each answer is cached (when `cache`) under its method and params. */
  | { kind: 'calls'; calls: RemoteCall[]; cache: boolean }
  /** Stores a derived fact in the cache (code by hash). */
  | { kind: 'remember'; key: string; value: unknown }
  /** Reads a derived fact from the cache; undefined when absent. */
  | { kind: 'recall'; key: string }
  /** Repoints the remote (anvil_setRpcUrl); the cache stays. */
  | { kind: 'setUrl'; url: string }
  /** How many HTTP requests the fetcher has sent. */
  | { kind: 'requestCount' };

/** The fetcher's answer. */
export type ForkFetchResponse = { ok: true; value: unknown } | { ok: false; remote: string; method: string; problem: string };
