import type { StoredBlock } from '../chain/records.js';
import { NotFoundError } from '../errors/NotFoundError.js';
import type { BlockEnvironment } from '../execution/BlockEnvironment.js';
import { NEWEST_VERSION, PersistedStateReader } from '../execution/PersistedStateReader.js';
import type { StateReader } from '../execution/StateReader.js';
import type { BlockSelector } from '../primitives/blockTag.js';
import { hexToBytes } from '../primitives/hex.js';
import type { ChainView } from '../sequencer/ChainView.js';
import { openBlockEnvironment } from '../sequencer/openBlockEnvironment.js';
import type { Storage } from '../storage/Storage.js';

/** A selector's block: a sealed block, or the pending (open) block. */
export type ResolvedBlock = { kind: 'sealed'; block: StoredBlock } | { kind: 'pending' };

/**
 * Turns block selectors (tags, numbers, hashes) into what readers need, within one
 * {@link ChainView}: the block, its state, the storage version a call worker reads, and the
 * environment a call runs in. "pending" is the view's open block and pending state, and is
 * latest itself while nothing is pre-confirmed (pending is never null); "safe" and "finalized"
 * are latest, since a single sequencer never reorganises. On a fork, a block below the fork
 * block is the remote's, and its state (and the version a call reads: the block's number) the
 * remote's state after it.
 */
export class BlockSelection {
  constructor(
    private readonly storage: Storage,
    /** Fork mode: the remote's blocks below the fork block, and its state after them (services/fork/ForkHistory.ts). */
    private readonly history?: HistoryBelowFork,
  ) {}

  /** The selected block, or undefined for an unknown hash or a number above the view's head. */
  resolve(view: ChainView, block: BlockSelector): ResolvedBlock | undefined {
    const remote = this.history?.blockBelow(block);
    if (remote) return { kind: 'sealed', block: remote };
    if (block.kind === 'hash') {
      const sealed = view.blockByHash(block.hash);
      return sealed ? { kind: 'sealed', block: sealed } : undefined;
    }
    if (block.kind === 'number') {
      if (block.number > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
      const sealed = view.block(Number(block.number));
      return sealed ? { kind: 'sealed', block: sealed } : undefined;
    }
    if (block.tag === 'earliest') {
      const first = view.block(0);
      return first ? { kind: 'sealed', block: first } : undefined;
    }
    if (block.tag === 'pending' && view.hasPreconfirmed) return { kind: 'pending' };
    return { kind: 'sealed', block: view.head };
  }

  /** The state after the selected block; -32000 "header not found" for an unknown block. */
  stateAt(view: ChainView, block: BlockSelector): StateReader {
    if (isPending(block)) return view.pendingState;
    const resolved = this.resolve(view, block);
    if (!resolved) throw new NotFoundError({ kind: 'header' });
    if (resolved.kind === 'pending') return view.pendingState;
    const number = Number(resolved.block.number);
    if (number === view.headNumber) return view.latestState;
    return this.history?.stateBelow(number) ?? new PersistedStateReader(this.storage, number);
  }

  /**
   * The storage version a call worker reads for a selector: a sealed block's number, or the
   * newest version for "pending" (which may include a sub-block committed after `view` was
   * taken, never less than the view).
   */
  versionAt(view: ChainView, block: BlockSelector): number {
    if (isPending(block)) return NEWEST_VERSION;
    const resolved = this.resolve(view, block);
    if (!resolved) throw new NotFoundError({ kind: 'header' });
    return resolved.kind === 'pending' ? NEWEST_VERSION : Number(resolved.block.number);
  }

  /** The block environment (number, time, gas limit, base fee, coinbase) a call at the selector runs in. */
  environmentAt(view: ChainView, block: BlockSelector): BlockEnvironment {
    if (isPending(block)) return this.pendingEnvironment(view);
    const resolved = this.resolve(view, block);
    if (resolved?.kind !== 'sealed') throw new NotFoundError({ kind: 'header' });
    return sealedEnvironment(resolved.block);
  }

  /** The environment of the view's open block. */
  pendingEnvironment(view: ChainView): BlockEnvironment {
    return openBlockEnvironment(view.open, view.open.coinbase);
  }
}

/** Environments of sealed blocks already asked for: every call at "latest" asks for the head's. */
const sealedEnvironments = new WeakMap<StoredBlock, BlockEnvironment>();

/**
 * The environment a sealed block's transactions ran in. A stored block never changes, so its
 * environment is made once per block object (frozen: every caller shares it).
 */
export function sealedEnvironment(block: StoredBlock): BlockEnvironment {
  let environment = sealedEnvironments.get(block);
  if (!environment) {
    environment = Object.freeze(environmentOf(block));
    sealedEnvironments.set(block, environment);
  }
  return environment;
}

function environmentOf(block: StoredBlock): BlockEnvironment {
  return {
    number: BigInt(block.number),
    timestamp: BigInt(block.timestamp),
    gasLimit: BigInt(block.gasLimit),
    baseFeePerGas: BigInt(block.baseFeePerGas ?? 0),
    coinbase: hexToBytes(block.miner),
    parentHash: hexToBytes(block.parentHash),
    difficulty: BigInt(block.difficulty),
    prevRandao: hexToBytes(block.mixHash),
    excessBlobGas: BigInt(block.excessBlobGas ?? 0),
    ...(block.parentBeaconBlockRoot === undefined ? {} : { parentBeaconBlockRoot: hexToBytes(block.parentBeaconBlockRoot) }),
  };
}

/** A fork's history below its fork block, as block selection reads it. */
export interface HistoryBelowFork {
  /** The remote's block `block` names strictly below the fork block, or undefined. */
  blockBelow(block: BlockSelector): StoredBlock | undefined;
  /** The remote's state after block `number` when it is below the fork block, else undefined. */
  stateBelow(number: number): StateReader | undefined;
}

function isPending(block: BlockSelector): boolean {
  return block.kind === 'tag' && block.tag === 'pending';
}
