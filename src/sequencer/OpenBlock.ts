import type { OpeningFields } from '../chain/headerFieldsAfter.js';
import { orBloom } from '../chain/receiptEncoding.js';
import type { StoredSubBlock, StoredTransaction } from '../chain/records.js';
import type { SignedCommitment } from '../chain/subBlockCommitment.js';
import { BlockTries } from '../execution/block/BlockTries.js';
import { DEPOSIT_TRANSACTION_TYPE } from '../execution/opStack/DepositTransaction.js';
import { emptyStateChanges, mergeStateChanges, type StateChanges } from '../execution/StateChanges.js';
import type { SubBlockStateRoots } from '../execution/SubBlockStateRoots.js';
import { bytesToHex, type Hex } from '../primitives/hex.js';
import type { BlockStamp } from './BlockParameters.js';
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
  /** The sequencer's signed commitment to the block after this sub-block (absent in records of Sequins before issue 26). */
  commitment?: SignedCommitment;
}

/** The header fields an open block is fixed with before its first sub-block. */
export interface OpenBlockHeader {
  number: number;
  timestamp: bigint;
  baseFeePerGas: bigint;
  gasLimit: bigint;
  coinbase: Uint8Array;
  parentHash: Uint8Array;
  parentStateRoot: Uint8Array;
  /** Wall-clock ms at which the block opened; its sub-block slots follow on the interval grid. */
  openedAtMs: number;
  /** Wall-clock ms at which its timestamp's second begins: interval mining runs no sub-block before it (within a block time). */
  notBeforeMs: number;
  /** The one-shot settings its stamp used, spent when it is sealed (see BlockParameters). */
  spends: BlockStamp['spends'];
  /** Every header field its fork and parent decide (difficulty, mixHash, excess blob gas, …) and the rules (fork) it runs under. */
  opening: OpeningFields;
}

/** An open block's header as a follower receives it: the fields a fork and parent decide are derived again there. */
export type LoggedOpenBlockHeader = Omit<OpenBlockHeader, 'opening'>;

/**
 * The block being filled by sub-blocks: its fixed header fields (number, timestamp, base fee,
 * gas limit, coinbase), and what its sub-blocks have accumulated so far. Sealing turns it into a
 * block. Owned by the sequencer; readers see it only through {@link view}.
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
  /** Every committed sub-block as appended, oldest first (what a snapshot keeps to restore the block). */
  readonly contents: SubBlockContents[] = [];
  readonly bloom = new Uint8Array(256);
  /**
   * The transactions and receipts tries of the block so far: their roots after any sub-block are those
   * of the block up to it (incremental: asking after every sub-block costs about what the seal alone
   * would), and after the last one the sealed header's.
   */
  readonly tries = new BlockTries();
  /**
   * The signed commitments of its sub-blocks, index for index (one per sub-block of a node that signs). A
   * sub-block's commitment is made right after it is durable (sequencer/SubBlockCommitments.ts): this list
   * may be one shorter than {@link subBlocks} for a moment.
   */
  readonly commitments: SignedCommitment[] = [];
  /**
   * The state root after each sub-block, folded in sub-block by sub-block (set by the sequencer's
   * commitments, sequencer/SubBlockCommitter.ts, when it first signs in this block).
   */
  stateRoots: SubBlockStateRoots | undefined;
  gasUsed = 0n;
  logCount = 0;
  readonly number: number;
  readonly timestamp: bigint;
  readonly baseFeePerGas: bigint;
  readonly gasLimit: bigint;
  readonly coinbase: Uint8Array;
  readonly parentHash: Uint8Array;
  readonly parentStateRoot: Uint8Array;
  readonly openedAtMs: number;
  readonly notBeforeMs: number;
  readonly opening: OpeningFields;

  constructor(readonly header: OpenBlockHeader) {
    this.number = header.number;
    this.timestamp = header.timestamp;
    this.baseFeePerGas = header.baseFeePerGas;
    this.gasLimit = header.gasLimit;
    this.coinbase = header.coinbase;
    this.parentHash = header.parentHash;
    this.parentStateRoot = header.parentStateRoot;
    this.openedAtMs = header.openedAtMs;
    this.notBeforeMs = header.notBeforeMs;
    this.opening = header.opening;
  }

  /** True while no sub-block is committed: nothing durable refers to it, so it may be re-stamped. */
  get isEmpty(): boolean {
    return this.subBlocks.length === 0;
  }

  /**
   * True while every transaction it holds is an OP Stack deposit (or it holds none): a deposit may still
   * join it, since an OP block runs its deposits before any other transaction. Stops at the first that is
   * not, so it costs nothing in a block of ordinary transactions.
   */
  get holdsOnlyDeposits(): boolean {
    return this.transactions.every((input) => input.raw[0] === DEPOSIT_TRANSACTION_TYPE);
  }

  /** What the next sub-block's commitment names as `previous`: the last commitment's hash, or the parent block's at index 0. */
  get lastCommitmentHash(): Hex {
    return this.commitments.at(-1)?.hash ?? bytesToHex(this.parentHash);
  }

  /** Adds a committed sub-block. */
  append(contents: SubBlockContents): void {
    this.contents.push(contents);
    this.subBlocks.push(contents.subBlock);
    // Its commitment may have grown the tries already (SubBlockCommitter.prepare, before the commit).
    if (this.tries.length === this.transactions.length) for (const input of contents.sealInputs) this.tries.append(input.raw, input.receipt);
    this.transactions.push(...contents.sealInputs);
    if (this.tries.length !== this.transactions.length)
      throw new Error(`block ${this.number}: the tries hold ${this.tries.length} transactions, not ${this.transactions.length}`);
    if (contents.commitment) this.commitments.push(contents.commitment);
    this.records.push(...contents.records);
    mergeStateChanges(this.changes, contents.changes);
    this.changeLayers.push(contents.changes);
    this.gasUsed += contents.gasUsed;
    this.logCount += contents.logCount;
    orBloom(this.bloom, contents.bloom);
  }

  /** Adds the signed commitment of its latest sub-block, made after the sub-block was appended (and durable). */
  addCommitment(signed: SignedCommitment): void {
    const index = Number(signed.commitment.index);
    const contents = this.contents[index];
    if (Number(signed.commitment.blockNumber) !== this.number || index !== this.commitments.length || !contents) {
      throw new Error(
        `block ${this.number}: commitment of block ${signed.commitment.blockNumber} index ${index} does not follow its ${this.commitments.length} commitments`,
      );
    }
    // Kept with the contents too: a snapshot (evm_snapshot's point), a copy or a rewind carries it along.
    contents.commitment = signed;
    this.commitments.push(signed);
  }

  /** A copy of this block with `contents` appended after its sub-blocks (what a seal computes from before the sub-block is durable). */
  withAppended(contents: SubBlockContents): OpenBlock {
    const copy = new OpenBlock(this.header);
    for (const earlier of this.contents) copy.append(earlier);
    copy.append(contents);
    return copy;
  }

  /** The same block and sub-blocks on another schedule (the fields that say when its slots fall, which no header holds). */
  rescheduled(schedule: Pick<OpenBlockHeader, 'openedAtMs' | 'notBeforeMs'>): OpenBlock {
    const copy = new OpenBlock({ ...this.header, ...schedule });
    for (const contents of this.contents) copy.append(contents);
    return copy;
  }

  /** The block as it stands now, frozen: later sub-blocks do not change what the view shows. */
  view(): OpenBlockView {
    const transactionCount = this.records.length;
    const records = this.records;
    const transactions = this.transactions;
    const layerCount = this.changeLayers.length;
    const layers = this.changeLayers;
    const commitments = this.commitments;
    const subBlockCount = this.subBlocks.length;
    return {
      number: this.number,
      timestamp: this.timestamp,
      baseFeePerGas: this.baseFeePerGas,
      gasLimit: this.gasLimit,
      coinbase: this.coinbase,
      opening: this.opening,
      parentHash: this.parentHash,
      parentStateRoot: this.parentStateRoot,
      gasUsed: this.gasUsed,
      logCount: this.logCount,
      bloom: this.bloom.slice(),
      subBlockCount,
      transactionCount,
      records: () => records.slice(0, transactionCount),
      sealInputs: () => transactions.slice(0, transactionCount),
      changeLayers: () => layers.slice(0, layerCount),
      // Live up to the view's sub-blocks: a commitment made after the view was published shows in it too.
      commitments: () => commitments.slice(0, subBlockCount),
    };
  }
}
