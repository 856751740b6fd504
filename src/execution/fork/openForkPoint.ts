/**
 * Opens a fork of a remote block: finds the block (`blockNumber`, or the remote's latest), and
 * starts the remote access the node reads through: the fetcher thread with its durable cache,
 * keyed by the block's hash, and the state reader at the block. Used at start (node/openFork.ts,
 * which may take the block from the data directory instead) and by `anvil_reset` with `forking`.
 */
import type { ForkAnchor } from '../../chain/ForkAnchor.js';
import { redactUrl } from '../../config/forkSettings.js';
import { ForkRemoteError } from '../../errors/ForkRemoteError.js';
import type { Hex } from '../../primitives/hex.js';
import type { ForkPoint } from './ForkSource.js';
import { ForkStateReader } from './ForkStateReader.js';
import { RemoteRpcClient } from './RemoteRpcClient.js';
import { SyncRemote } from './SyncRemote.js';

/** How a fork reads its remote (--fork-retries, --fork-timeout, --fork-rps) and where it caches. */
export interface ForkAccessSettings {
  retries: number;
  timeoutMs: number;
  requestsPerSecond: number;
  /** The LMDB environment of the durable cache; undefined keeps it in memory (--ephemeral). */
  cachePath: string | undefined;
  /** The chain id the fork serves instead of the remote's (--fork-chain-id). */
  chainId?: bigint;
}

type RemoteBlock = Record<string, Hex | undefined> | null;

/** The remote block to fork, as the anchor record keeps it, with the block as the remote answered it. */
export async function fetchForkAnchor(
  url: string,
  blockNumber: bigint | undefined,
  settings: ForkAccessSettings,
): Promise<{ anchor: ForkAnchor; block: RemoteBlock }> {
  const client = new RemoteRpcClient({ url, retries: settings.retries, timeoutMs: settings.timeoutMs, requestsPerSecond: settings.requestsPerSecond });
  const tag = blockNumber === undefined ? 'latest' : `0x${blockNumber.toString(16)}`;
  const [chainId, block] = (await client.batch([
    { method: 'eth_chainId', params: [] },
    { method: 'eth_getBlockByNumber', params: [tag, false] },
  ])) as [Hex, RemoteBlock];
  if (!block?.hash || !block.number) throw new ForkRemoteError(client.remote, 'eth_getBlockByNumber', `no block ${blockNumber ?? 'latest'}`);
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
    chainId: (settings.chainId ?? BigInt(chainId)).toString(),
  };
  return { anchor, block };
}

/**
 * The fork of `anchor` read from `url`; `fetchedBlock` (the remote's answer for the fork block,
 * when it was just fetched) is cached, so the fork block never needs the remote again.
 */
export function openForkPoint(url: string, anchor: ForkAnchor, settings: ForkAccessSettings, fetchedBlock?: RemoteBlock): ForkPoint {
  const remote = new SyncRemote({
    url,
    remote: redactUrl(url),
    retries: settings.retries,
    timeoutMs: settings.timeoutMs,
    requestsPerSecond: settings.requestsPerSecond,
    cachePath: settings.cachePath,
    forkKey: anchor.hash,
  });
  const number = BigInt(anchor.number);
  if (fetchedBlock) remote.seed('eth_getBlockByNumber', [`0x${number.toString(16)}`, false], fetchedBlock);
  return { anchor, number, url, remote, state: new ForkStateReader(remote, number) };
}
