/**
 * Fork mode's start: finds the remote block to fork (the data directory's, on a restart, so a
 * restart asks the remote nothing; else `--fork-block-number` or the remote's latest), and builds
 * the remote access the node reads through: the fetcher thread with its durable cache
 * (`<data-dir>/fork-cache.mdb`), the forked state, and the storage that reads through to it.
 */
import { join } from 'node:path';
import type { ForkAnchor } from '../chain/ForkAnchor.js';
import { recordKeys } from '../chain/recordKeys.js';
import type { StoredHead } from '../chain/records.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import { ForkedStorage } from '../execution/fork/ForkedStorage.js';
import { ForkSource } from '../execution/fork/ForkSource.js';
import { type ForkAccessSettings, fetchForkAnchor, openForkPoint } from '../execution/fork/openForkPoint.js';
import type { Storage } from '../storage/Storage.js';

/** A fork, opened. */
export interface OpenedFork {
  /** The fork the node reads beneath its chain (replaced by anvil_reset with `forking`). */
  source: ForkSource;
  /** How a fork reads its remote: the start's settings, which a re-fork keeps. */
  settings: ForkAccessSettings;
  /** The local storage with the forked state beneath it: the node's storage from now on. */
  storage: ForkedStorage;
}

/** The remote access settings of `config` (--fork-retries, --fork-timeout, --fork-rps, --fork-chain-id; the cache in the data dir). */
export function forkAccessSettings(config: NodeConfig): ForkAccessSettings {
  return {
    retries: config.forkRetries,
    timeoutMs: config.forkTimeoutMs,
    requestsPerSecond: config.forkRps,
    cachePath: config.ephemeral ? undefined : join(config.dataDir, 'fork-cache.mdb'),
    ...(config.forkChainId === undefined ? {} : { chainId: BigInt(config.forkChainId) }),
  };
}

/** Opens the fork `config` asks for on top of `local`; throws a sentence for a mismatched data directory or an unusable remote. */
export async function openFork(config: NodeConfig, local: Storage): Promise<OpenedFork> {
  const url = config.forkUrl!;
  const settings = forkAccessSettings(config);
  const stored = local.getRecord<ForkAnchor>(recordKeys.fork);
  if (!stored && local.getRecord<StoredHead>(recordKeys.head)) {
    throw new Error('the data directory holds a chain that is not a fork; use another --data-dir to fork');
  }
  const fetched = stored ? undefined : await fetchForkAnchor(url, config.forkBlockNumber === undefined ? undefined : BigInt(config.forkBlockNumber), settings);
  const anchor = stored ?? fetched!.anchor;
  if (config.forkBlockNumber !== undefined && BigInt(config.forkBlockNumber) !== BigInt(anchor.number)) {
    throw new Error(`the data directory holds a fork of block ${anchor.number}, not ${BigInt(config.forkBlockNumber)}; use another --data-dir`);
  }
  if (config.forkChainId !== undefined && BigInt(config.forkChainId) !== BigInt(anchor.chainId)) {
    throw new Error(
      `the data directory holds chain id ${anchor.chainId}, not ${BigInt(config.forkChainId)}; use another --data-dir or the matching --fork-chain-id`,
    );
  }
  // The fork block is served as the remote has it ("latest" until the fork seals a block of its
  // own): cached now, so it never needs the remote again.
  const source = new ForkSource(openForkPoint(url, anchor, settings, fetched?.block));
  return { source, settings, storage: new ForkedStorage(local, source) };
}
