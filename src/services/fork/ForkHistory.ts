/**
 * Fork mode's read side: which reads the remote answers, and the remote to ask. Blocks,
 * transactions, receipts, logs and traces at or below the fork block are the remote's (answered
 * through the fetcher's durable cache: they cannot change); so are state reads and calls that name
 * such a block by number or hash. Tags (`latest`, `pending`, …) always read the fork's own state,
 * which is the remote's state plus what the fork changed.
 */
import type { StoredBlock } from '../../chain/records.js';
import type { ForkSource } from '../../execution/fork/ForkSource.js';
import type { SyncRemote } from '../../execution/fork/SyncRemote.js';
import type { StateReader } from '../../execution/StateReader.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import type { Hex } from '../../primitives/hex.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';

export class ForkHistory {
  constructor(
    /** The fork (its current point: anvil_reset with `forking` replaces it). */
    private readonly fork: ForkSource,
    private readonly views: ViewSource,
  ) {}

  /** The remote, read through the fetcher's cache. */
  get remote(): SyncRemote {
    return this.fork.remote;
  }

  /** The fork block's number. */
  get number(): bigint {
    return this.fork.number;
  }

  /**
   * The remote's block parameter (0x-number or hash) when `block` names a block at or below the
   * fork block by number or hash, else undefined (the local chain answers).
   */
  remoteBlock(block: BlockSelector): string | undefined {
    if (block.kind === 'number') return block.number <= this.number ? quantity(block.number) : undefined;
    if (block.kind === 'tag') return block.tag === 'earliest' ? '0x0' : undefined;
    const local = this.views.current().blockByHash(block.hash);
    return local === undefined || BigInt(local.number) <= this.number ? block.hash : undefined;
  }

  /**
   * As {@link remoteBlock}, and tags too while the fork has sealed no block of its own: the head
   * is then the fork block, which the remote describes (the local record is only the sequencer's parent).
   */
  remoteBlockForBlocks(block: BlockSelector): string | undefined {
    const named = this.remoteBlock(block);
    if (named !== undefined || block.kind !== 'tag') return named;
    const view = this.views.current();
    if (BigInt(view.headNumber) > this.number || (block.tag === 'pending' && view.hasPreconfirmed)) return undefined;
    return quantity(this.number);
  }

  /** `method` on the remote (cached), with the block parameter last. */
  call<T>(method: string, params: unknown[]): T {
    return this.remote.call(method, params) as T;
  }

  /**
   * The remote's block a selector names strictly below the fork block (by number, hash or
   * `earliest`), in the chain's record shape, or undefined (the local chain answers: the fork
   * block and later). Calls, estimates and traces at such a block run on the remote's state there.
   */
  blockBelow(block: BlockSelector): StoredBlock | undefined {
    if (block.kind === 'tag' && block.tag !== 'earliest') return undefined;
    if (block.kind === 'number' && block.number >= this.number) return undefined;
    if (block.kind === 'hash' && this.views.current().blockByHash(block.hash) !== undefined) return undefined;
    const remote =
      block.kind === 'hash'
        ? this.call<RemoteBlock | null>('eth_getBlockByHash', [block.hash, false])
        : this.call<RemoteBlock | null>('eth_getBlockByNumber', [block.kind === 'number' ? quantity(block.number) : '0x0', false]);
    if (!remote || typeof remote.number !== 'string' || BigInt(remote.number) >= this.number) return undefined;
    return remoteBlockRecord(remote);
  }

  /** The remote's state after block `number` when it is below the fork block, else undefined. */
  stateBelow(number: number): StateReader | undefined {
    return this.fork.historyState(number);
  }

  /** True when a remote transaction record is the fork's history: mined at or below the fork block. */
  isForkHistory(record: { blockNumber?: unknown } | null): boolean {
    return record !== null && typeof record.blockNumber === 'string' && BigInt(record.blockNumber) <= this.number;
  }
}

/** A block as a remote node answers eth_getBlockBy*. */
export type RemoteBlock = Record<string, unknown>;

const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;

/**
 * A remote block (eth_getBlockBy*) in the record shape the chain's readers take, with the fields
 * some nodes leave out filled in as a post-merge block has them. `transactions` are hashes (or,
 * for a block fetched with its transactions, their hashes are taken).
 */
export function remoteBlockRecord(remote: RemoteBlock): StoredBlock {
  const field = (name: string, fallback: Hex): Hex => (typeof remote[name] === 'string' ? (remote[name] as Hex) : fallback);
  const transactions = Array.isArray(remote.transactions) ? remote.transactions : [];
  return {
    ...(remote as unknown as StoredBlock),
    difficulty: field('difficulty', '0x0'),
    mixHash: field('mixHash', ZERO_HASH),
    miner: field('miner', `0x${'00'.repeat(20)}`),
    uncles: Array.isArray(remote.uncles) ? (remote.uncles as Hex[]) : [],
    transactions: transactions.map((transaction) => (typeof transaction === 'string' ? transaction : (transaction as { hash: Hex }).hash)) as Hex[],
  };
}

/** `value` as a JSON-RPC quantity. */
export function quantity(value: bigint): Hex {
  return `0x${value.toString(16)}`;
}
