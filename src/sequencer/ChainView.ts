import type { ChainReader } from '../chain/ChainReader.js';
import { UNSEALED_BLOCK_HASH } from '../chain/receiptView.js';
import type { StoredBlock, StoredStateEdit, StoredTransaction } from '../chain/records.js';
import type { SignedCommitment } from '../chain/subBlockCommitment.js';
import type { StateReader } from '../execution/StateReader.js';
import type { Hex } from '../primitives/hex.js';
import type { OpenBlockView } from './OpenBlockView.js';

/** Where a view stands in the chain: the open block and how many of its sub-blocks it includes. */
export interface ChainPosition {
  blockNumber: number;
  subBlockCount: number;
}

/**
 * One consistent moment of the chain, which every read answers from: the latest sealed block
 * and its state, and the open block with the pre-confirmed state on top. The sequencer builds a
 * new view when a sub-block is durable and when a block is sealed, and swaps it in in one step
 * (ChainViews); a read takes the current view once and sees nothing newer or older.
 *
 * Storage may already hold records of a sub-block or seal that is durable but not yet published
 * (a commit is readable before its promise settles), so every lookup is gated by the view's
 * position: a block is visible up to the view's head, a pre-confirmed transaction only if its
 * sub-block is one the view includes.
 */
export class ChainView {
  constructor(
    /** The latest sealed block. */
    readonly head: StoredBlock,
    readonly open: OpenBlockView,
    /** The state after {@link head}. */
    readonly latestState: StateReader,
    /** The state after {@link head} plus the open block's pre-confirmed sub-blocks. */
    readonly pendingState: StateReader,
    private readonly chain: ChainReader,
    /**
     * How many rewinds (evm_revert, anvil_reset) the chain had before this view: a block number or
     * position names the same contents only within one epoch, so caches keyed by one include it.
     */
    readonly epoch = 0,
  ) {}

  get headNumber(): number {
    return this.open.number - 1;
  }

  get position(): ChainPosition {
    return { blockNumber: this.open.number, subBlockCount: this.open.subBlockCount };
  }

  /** True when something is pre-confirmed: "pending" is then the open block, else "latest". */
  get hasPreconfirmed(): boolean {
    return this.open.subBlockCount > 0;
  }

  /** Sealed block `number`, or undefined above the head. */
  block(number: number): StoredBlock | undefined {
    if (number > this.headNumber || number < 0 || !Number.isSafeInteger(number)) return undefined;
    return number === this.headNumber ? this.head : this.chain.blockByNumber(number);
  }

  /**
   * The exact RLP of sealed block `number` as it was sealed or imported (an imported block keeps its
   * uncles, which the block record names only by hash), or undefined above the head or when the data
   * directory was made by a Sequin that did not keep it.
   */
  rawBlock(number: number): Uint8Array | undefined {
    if (number > this.headNumber || number < 0 || !Number.isSafeInteger(number)) return undefined;
    return this.chain.rawBlock(number);
  }

  /** The sealed block with this hash, or undefined. */
  blockByHash(hash: string): StoredBlock | undefined {
    const number = this.chain.blockNumberOf(hash);
    return number === undefined ? undefined : this.block(number);
  }

  /** A sealed or pre-confirmed transaction this view includes, or undefined. */
  transaction(hash: string): StoredTransaction | undefined {
    const stored = this.chain.transaction(hash);
    return stored && this.includes(stored) ? stored : undefined;
  }

  /** The records of a sealed block's transactions, in order (`block` is one this view returned). */
  transactionsOf(block: StoredBlock): StoredTransaction[] {
    return this.chain.transactionsOfBlock(Number(block.number), block.transactions);
  }

  /** True when `stored` is sealed at or below the head, or pre-confirmed in a sub-block this view includes. */
  includes(stored: StoredTransaction): boolean {
    if (stored.blockNumber <= this.headNumber) return true;
    return stored.blockNumber === this.open.number && stored.subBlockIndex < this.open.subBlockCount;
  }

  /** The state edits of block `number` this view includes (the open block's only up to its position), in order. */
  stateEdits(number: number): StoredStateEdit[] {
    if (number > this.open.number) return [];
    const edits = this.chain.stateEditsOf(number);
    return number < this.open.number ? edits : edits.filter((edit) => edit.subBlockIndex < this.open.subBlockCount);
  }

  /** The signed commitments of block `number` this view includes (the open block's only up to its position), in index order. */
  commitments(number: number): readonly SignedCommitment[] {
    if (number === this.open.number) return this.open.commitments();
    return number <= this.headNumber ? this.chain.commitmentsOf(number) : [];
  }

  /** True when the transaction's block is sealed in this view. */
  isSealed(stored: StoredTransaction): boolean {
    return stored.blockNumber <= this.headNumber;
  }

  /** The hash of a transaction's block: its sealed block's, or the zero hash while pre-confirmed. */
  blockHashOf(stored: StoredTransaction): Hex {
    return this.block(stored.blockNumber)?.hash ?? UNSEALED_BLOCK_HASH;
  }
}
