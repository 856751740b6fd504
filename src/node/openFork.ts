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
import { redactUrl } from '../config/forkSettings.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import { ForkedStorage } from '../execution/fork/ForkedStorage.js';
import { ForkStateReader } from '../execution/fork/ForkStateReader.js';
import { RemoteRpcClient } from '../execution/fork/RemoteRpcClient.js';
import { SyncRemote } from '../execution/fork/SyncRemote.js';
import type { Hex } from '../primitives/hex.js';
import type { Storage } from '../storage/Storage.js';

/** A fork, opened. */
export interface OpenedFork {
  anchor: ForkAnchor;
  /** The fork block's number. */
  number: bigint;
  remote: SyncRemote;
  state: ForkStateReader;
  /** The local storage with the forked state beneath it: the node's storage from now on. */
  storage: ForkedStorage;
}

type RemoteBlock = Record<string, Hex | undefined> | null;

/** Opens the fork `config` asks for on top of `local`; throws a sentence for a mismatched data directory or an unusable remote. */
export async function openFork(config: NodeConfig, local: Storage): Promise<OpenedFork> {
  const url = config.forkUrl!;
  const stored = local.getRecord<ForkAnchor>(recordKeys.fork);
  if (!stored && local.getRecord<StoredHead>(recordKeys.head)) {
    throw new Error('the data directory holds a chain that is not a fork; use another --data-dir to fork');
  }
  const fetched = stored ? undefined : await fetchAnchor(config, url);
  const anchor = stored ?? fetched!.anchor;
  if (config.forkBlockNumber !== undefined && BigInt(config.forkBlockNumber) !== BigInt(anchor.number)) {
    throw new Error(`the data directory holds a fork of block ${anchor.number}, not ${BigInt(config.forkBlockNumber)}; use another --data-dir`);
  }
  if (config.forkChainId !== undefined && BigInt(config.forkChainId) !== BigInt(anchor.chainId)) {
    throw new Error(
      `the data directory holds chain id ${anchor.chainId}, not ${BigInt(config.forkChainId)}; use another --data-dir or the matching --fork-chain-id`,
    );
  }
  const remote = new SyncRemote({
    url,
    remote: redactUrl(url),
    retries: config.forkRetries,
    timeoutMs: config.forkTimeoutMs,
    requestsPerSecond: config.forkRps,
    cachePath: config.ephemeral ? undefined : join(config.dataDir, 'fork-cache.mdb'),
    forkKey: anchor.hash,
  });
  const number = BigInt(anchor.number);
  // The fork block is served as the remote has it ("latest" until the fork seals a block of its
  // own): cached now, so it never needs the remote again.
  if (fetched) remote.seed('eth_getBlockByNumber', [`0x${number.toString(16)}`, false], fetched.block);
  const state = new ForkStateReader(remote, number);
  return { anchor, number, remote, state, storage: new ForkedStorage(local, state, () => remote.close()) };
}

async function fetchAnchor(config: NodeConfig, url: string): Promise<{ anchor: ForkAnchor; block: RemoteBlock }> {
  const client = new RemoteRpcClient({ url, retries: config.forkRetries, timeoutMs: config.forkTimeoutMs, requestsPerSecond: config.forkRps });
  const tag = config.forkBlockNumber === undefined ? 'latest' : `0x${BigInt(config.forkBlockNumber).toString(16)}`;
  const [chainId, block] = (await client.batch([
    { method: 'eth_chainId', params: [] },
    { method: 'eth_getBlockByNumber', params: [tag, false] },
  ])) as [Hex, RemoteBlock];
  if (!block?.hash || !block.number) throw new Error(`fork remote ${client.remote} has no block ${config.forkBlockNumber ?? 'latest'}`);
  const anchor: ForkAnchor = {
    number: BigInt(block.number).toString(),
    hash: block.hash,
    parentHash: block.parentHash ?? `0x${'00'.repeat(32)}`,
    timestamp: block.timestamp ?? '0x0',
    gasLimit: block.gasLimit ?? '0x0',
    gasUsed: block.gasUsed ?? '0x0',
    // Pre-London remotes have no base fee; the fork then starts at 1 gwei, Sequin's default.
    baseFeePerGas: block.baseFeePerGas ?? '0x3b9aca00',
    miner: block.miner ?? `0x${'00'.repeat(20)}`,
    chainId: (config.forkChainId === undefined ? BigInt(chainId) : BigInt(config.forkChainId)).toString(),
  };
  return { anchor, block };
}
