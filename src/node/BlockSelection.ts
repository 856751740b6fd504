import type { ChainStore } from '../chain/ChainStore.js';
import type { StoredBlock } from '../chain/records.js';
import { ServerError } from '../errors/RpcError.js';
import type { BlockEnvironment } from '../execution/BlockEnvironment.js';
import { CachedStateReader } from '../execution/CachedStateReader.js';
import { NEWEST_VERSION, PersistedStateReader } from '../execution/PersistedStateReader.js';
import type { StateReader } from '../execution/StateReader.js';
import type { WorldState } from '../execution/WorldState.js';
import type { BlockSelector } from '../primitives/blockTag.js';
import { type Hex, hexToBytes } from '../primitives/hex.js';
import type { Sequencer } from '../sequencer/Sequencer.js';
import type { Storage } from '../storage/Storage.js';

/** A selector's block: a sealed block, or the pending (open) block. */
export type ResolvedBlock = { kind: 'sealed'; block: StoredBlock } | { kind: 'pending' };

/** What {@link BlockSelection} reads. */
export interface BlockSelectionParts {
  storage: Storage;
  chain: ChainStore;
  world: WorldState;
  sequencer: Sequencer;
  blockGasLimit: bigint;
  coinbase: Uint8Array;
}

/**
 * Turns block selectors (tags, numbers, hashes) into what readers need: the block, its state,
 * the storage version a call worker reads, and the environment a call runs in. "pending" is
 * latest plus the pre-confirmed sub-blocks (the world state), and is latest itself while nothing
 * is pre-confirmed (pending is never null); "safe" and "finalized" are latest, since a single
 * sequencer never reorganises. The latest sealed state is memoised until the next seal, as most
 * reads and calls target it.
 */
export class BlockSelection {
  private latestState: { number: number; reader: StateReader } | undefined;

  constructor(private readonly parts: BlockSelectionParts) {}

  /** The last sealed block's number and hash. */
  head(): { number: number; hash: Hex } {
    return this.parts.chain.head()!;
  }

  /** The selected block, or undefined for an unknown hash or a number above the head. */
  resolve(block: BlockSelector): ResolvedBlock | undefined {
    const chain = this.parts.chain;
    if (block.kind === 'hash') {
      const sealed = chain.blockByHash(block.hash);
      return sealed ? { kind: 'sealed', block: sealed } : undefined;
    }
    if (block.kind === 'number') {
      if (block.number > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
      const sealed = chain.blockByNumber(Number(block.number));
      return sealed ? { kind: 'sealed', block: sealed } : undefined;
    }
    if (block.tag === 'earliest') return { kind: 'sealed', block: chain.blockByNumber(0)! };
    if (block.tag === 'pending' && this.parts.sequencer.openBlock.subBlocks.length > 0) return { kind: 'pending' };
    return { kind: 'sealed', block: chain.blockByNumber(this.head().number)! };
  }

  /** The state after the selected block; -32000 "header not found" for an unknown block. */
  stateAt(block: BlockSelector): StateReader {
    if (isPending(block)) return this.parts.world;
    const resolved = this.resolve(block);
    if (!resolved) throw new ServerError('header not found');
    if (resolved.kind === 'pending') return this.parts.world;
    const number = Number(resolved.block.number);
    if (number !== this.head().number) return new PersistedStateReader(this.parts.storage, number);
    if (this.latestState?.number !== number) {
      this.latestState = { number, reader: new CachedStateReader(new PersistedStateReader(this.parts.storage, number)) };
    }
    return this.latestState.reader;
  }

  /** The storage version a call worker reads for a selector: {@link stateAt}'s state, by version. */
  versionAt(block: BlockSelector): number {
    if (isPending(block)) return NEWEST_VERSION;
    const resolved = this.resolve(block);
    if (!resolved) throw new ServerError('header not found');
    return resolved.kind === 'pending' ? NEWEST_VERSION : Number(resolved.block.number);
  }

  /** The block environment (number, time, gas limit, base fee, coinbase) a call at the selector runs in. */
  environmentAt(block: BlockSelector): BlockEnvironment {
    if (isPending(block)) {
      const open = this.parts.sequencer.openBlock;
      return {
        number: BigInt(open.number),
        timestamp: open.timestamp,
        gasLimit: this.parts.blockGasLimit,
        baseFeePerGas: open.baseFeePerGas,
        coinbase: this.parts.coinbase,
        parentHash: open.parentHash,
      };
    }
    const resolved = this.resolve(block);
    if (resolved?.kind !== 'sealed') throw new ServerError('header not found');
    const sealed = resolved.block;
    return {
      number: BigInt(sealed.number),
      timestamp: BigInt(sealed.timestamp),
      gasLimit: BigInt(sealed.gasLimit),
      baseFeePerGas: BigInt(sealed.baseFeePerGas),
      coinbase: hexToBytes(sealed.miner),
      parentHash: hexToBytes(sealed.parentHash),
    };
  }
}

function isPending(block: BlockSelector): boolean {
  return block.kind === 'tag' && block.tag === 'pending';
}
