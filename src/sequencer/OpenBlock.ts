import type { OpeningFields } from '../chain/headerFieldsAfter.js';
import { orBloom } from '../chain/receiptEncoding.js';
import type { StoredSubBlock, StoredTransaction } from '../chain/records.js';
import { emptyStateChanges, mergeStateChanges, type StateChanges } from '../execution/StateChanges.js';
import type { OpenBlockView, SealInput } from './OpenBlockView.js';

/** What one committed sub-block adds to its block. */
export interface SubBlockContents {
  subBlock: StoredSubBlock;
  /** The sub-block's transactions as the seal needs them, in order. */
  sealInputs: readonly SealInput[];
  /** The same transactions as stored (RPC shape, with receipts), in order. */
  records: readonly StoredTransaction[];
  /** The sub-block's own state writes; never mutated after the sub-block is committed. */
  changes: StateChanges;
  gasUsed: bigint;
  logCount: number;
  bloom: Uint8Array;
}

/**
 * The block being filled by sub-blocks: its fixed header fields (number, timestamp, and what its fork and
 * parent decide: gas limit, base fee, difficulty, excess blob gas, …),
 * and what its sub-blocks have accumulated so far. Sealing turns it into a block. Owned by the
 * sequencer; readers see it only through {@link view}.
 *
 * Its lists only ever grow while the block is open (a rewind replaces the whole object), so a
 * view can share them and remember how long they were: it stays the same however many
 * sub-blocks follow.
 */
export class OpenBlock {
  readonly subBlocks: StoredSubBlock[] = [];
  readonly transactions: SealInput[] = [];
  /** The stored records of {@link transactions}, index for index. */
  readonly records: StoredTransaction[] = [];
  /** Every sub-block's changes merged (what the seal folds into the state trie). */
  readonly changes: StateChanges = emptyStateChanges();
  /** Each sub-block's own changes, oldest first: the layers of the pending state. */
  readonly changeLayers: StateChanges[] = [];
  readonly bloom = new Uint8Array(256);
  gasUsed = 0n;
  logCount = 0;

  constructor(
    readonly number: number,
    readonly timestamp: bigint,
    /** The header fields fixed at opening, and the rules (fork) the block runs under. */
    readonly opening: OpeningFields,
    readonly parentHash: Uint8Array,
    readonly parentStateRoot: Uint8Array,
    /** Wall-clock ms at which the block opened; its sub-block slots follow on the interval grid. */
    readonly openedAtMs: number,
  ) {}

  /** 0 before London. */
  get baseFeePerGas(): bigint {
    return this.opening.baseFeePerGas;
  }

  get gasLimit(): bigint {
    return this.opening.gasLimit;
  }

  /** Adds a committed sub-block. */
  append(contents: SubBlockContents): void {
    this.subBlocks.push(contents.subBlock);
    this.transactions.push(...contents.sealInputs);
    this.records.push(...contents.records);
    mergeStateChanges(this.changes, contents.changes);
    this.changeLayers.push(contents.changes);
    this.gasUsed += contents.gasUsed;
    this.logCount += contents.logCount;
    orBloom(this.bloom, contents.bloom);
  }

  /** The block as it stands now, frozen: later sub-blocks do not change what the view shows. */
  view(): OpenBlockView {
    const transactionCount = this.records.length;
    const records = this.records;
    const transactions = this.transactions;
    const layerCount = this.changeLayers.length;
    const layers = this.changeLayers;
    return {
      number: this.number,
      timestamp: this.timestamp,
      baseFeePerGas: this.baseFeePerGas,
      gasLimit: this.gasLimit,
      opening: this.opening,
      parentHash: this.parentHash,
      parentStateRoot: this.parentStateRoot,
      gasUsed: this.gasUsed,
      logCount: this.logCount,
      bloom: this.bloom.slice(),
      subBlockCount: this.subBlocks.length,
      transactionCount,
      records: () => records.slice(0, transactionCount),
      sealInputs: () => transactions.slice(0, transactionCount),
      changeLayers: () => layers.slice(0, layerCount),
    };
  }
}
