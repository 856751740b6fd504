import type { Storage } from '../storage/Storage.js';
import { approximateBlockBytes, approximateTransactionBytes } from './approximateRecordBytes.js';
import { BoundedCache } from './BoundedCache.js';
import { recordKeys, subBlockIndexInKey } from './recordKeys.js';
import type { StoredBlock, StoredHead, StoredStateEdit, StoredSubBlock, StoredTransaction, StoredTransactionPosition } from './records.js';
import type { SignedCommitment } from './subBlockCommitment.js';

/**
 * Recent records kept decoded in memory when storage is on disk, bounded by their approximate
 * size on the heap: 8 MiB of transactions is ~5,000 transfers (two and a half 2,000-tx blocks,
 * what clients poll right after pre-confirmation), and 2 MiB of blocks is the last ~1,000 small
 * blocks or ~11 blocks of 2,000 transactions. They were bounded at 20,000 transactions before,
 * ~40 MiB of the node's heap at ~2 KB a transfer and unbounded in bytes (issue 13).
 */
const RECENT_TRANSACTION_BYTES = 8 * 2 ** 20;
const RECENT_BLOCK_BYTES = 2 * 2 ** 20;

/** The records a rewind deleted: block numbers and transaction hashes. */
export interface DeletedRecords {
  blocks: readonly number[];
  transactions: readonly string[];
}

/**
 * Reads sealed blocks, transactions, receipts and sub-blocks as storage holds them. Records are
 * immutable once written (no reorgs), so what this returns never goes stale — except across a
 * rewind (evm_revert, anvil_reset), after which the writer calls {@link forgetRecent}; storage may
 * already hold records the sequencer has not published yet (a commit is readable before it
 * resolves), so what a client may see is decided by the sequencer's ChainView, never by what
 * this finds. Only the {@link ChainWriter} adds records.
 *
 * With on-disk storage, recent blocks and transactions are also kept decoded in memory: they are
 * what clients poll (receipts right after pre-confirmation, the latest block's receipts), and
 * decoding them from LMDB on every read measured 2× slower for a 2,000-receipt block.
 */
export class ChainReader {
  private readonly recentTransactions: BoundedCache<string, StoredTransaction> | undefined;
  private readonly recentBlocks: BoundedCache<number, StoredBlock> | undefined;

  constructor(
    private readonly storage: Storage,
    options: { cacheRecent: boolean } = { cacheRecent: false },
  ) {
    if (options.cacheRecent) {
      this.recentTransactions = new BoundedCache(RECENT_TRANSACTION_BYTES, approximateTransactionBytes);
      this.recentBlocks = new BoundedCache(RECENT_BLOCK_BYTES, approximateBlockBytes);
    }
  }

  /** The stored head pointer: the last sealed block as storage has it. */
  head(): StoredHead | undefined {
    return this.storage.getRecord<StoredHead>(recordKeys.head);
  }

  blockByNumber(number: number): StoredBlock | undefined {
    const cached = this.recentBlocks?.get(number);
    if (cached) return cached;
    const block = this.storage.getRecord<StoredBlock>(recordKeys.blockByNumber(number));
    if (block) this.recentBlocks?.set(number, block);
    return block;
  }

  /**
   * The exact RLP encoding of block `number` (for debug_getRawBlock and its header), or undefined when the
   * block is unknown or was sealed by a Sequin version that did not keep it.
   */
  rawBlock(number: number): Uint8Array | undefined {
    const raw = this.storage.getRecord<Uint8Array>(recordKeys.rawBlock(number));
    return raw === undefined ? undefined : new Uint8Array(raw);
  }

  /** The number of the block with this hash, or undefined. */
  blockNumberOf(hash: string): number | undefined {
    return this.storage.getRecord<number>(recordKeys.blockNumberByHash(hash.toLowerCase()));
  }

  transaction(hash: string): StoredTransaction | undefined {
    const key = hash.toLowerCase();
    const cached = this.recentTransactions?.get(key);
    if (cached) return cached;
    const entry = this.storage.getRecord<StoredTransactionPosition | StoredTransaction>(recordKeys.transaction(key));
    // A data directory written before records were kept by position holds the record here.
    if (entry === undefined || !Array.isArray(entry)) return entry;
    return this.storage.getRecord<StoredTransaction>(recordKeys.transactionAt(...entry));
  }

  /**
   * The records of sealed block `number`'s transactions, whose hashes are `hashes` (its block
   * record's list), in order. Recent ones are taken from memory; otherwise, on disk, the block's
   * records are read by one scan of their positions (`transactionAt` keys sort in chain order and
   * sit side by side), where reading them hash by hash costs two lookups each (hash → position →
   * record). A block whose records are kept by hash (data directories from before positions), or
   * whose scan does not match its list, is read hash by hash. In memory a scan walks every key,
   * so there the lookups are the cheap way.
   */
  transactionsOfBlock(number: number, hashes: readonly string[]): StoredTransaction[] {
    const recent = this.recentTransactions;
    if (!recent) return hashes.map((hash) => this.transaction(hash)!);
    const cached = hashes.map((hash) => recent.get(hash.toLowerCase()));
    if (cached.every((stored) => stored !== undefined)) return cached;
    const scanned = this.storage.recordsWithPrefix<StoredTransaction>(recordKeys.transactionsOfBlock(number)).map(([, stored]) => stored);
    const matches = scanned.length === hashes.length && scanned.every((stored, index) => stored.fields.hash === hashes[index]);
    return matches ? scanned : hashes.map((hash) => this.transaction(hash)!);
  }

  /** Where the record of the transaction with this hash is kept, or undefined (unknown, or kept under its hash). */
  positionOf(hash: string): StoredTransactionPosition | undefined {
    const entry = this.storage.getRecord<StoredTransactionPosition | StoredTransaction>(recordKeys.transaction(hash.toLowerCase()));
    return Array.isArray(entry) ? entry : undefined;
  }

  /** Every stored sub-block (those of the open block; a seal deletes its block's). Read at start-up. */
  subBlocks(): StoredSubBlock[] {
    return this.storage.recordsWithPrefix<StoredSubBlock>(recordKeys.subBlockPrefix).map(([, value]) => value);
  }

  /**
   * Drops what the recent caches hold of records a rewind deleted: with `deleted`, those blocks and
   * transactions alone (what stays is unchanged, and a fixture's next reads find it here); without, everything.
   */
  forgetRecent(deleted?: DeletedRecords): void {
    if (!deleted) {
      this.recentTransactions?.clear();
      this.recentBlocks?.clear();
      return;
    }
    for (const number of deleted.blocks) this.recentBlocks?.delete(number);
    for (const hash of deleted.transactions) this.recentTransactions?.delete(hash.toLowerCase());
  }

  /** The state edits of block `number` (sealed or open), in sub-block order. */
  /** The signed commitment of sub-block `index` of block `number`, as stored (the view decides what may be shown). */
  commitment(number: number, index: number): SignedCommitment | undefined {
    return this.storage.getRecord<SignedCommitment>(recordKeys.commitment(number, index));
  }

  /** Every stored commitment of block `number`, in index order. */
  commitmentsOf(number: number): SignedCommitment[] {
    return this.storage.recordsWithPrefix<SignedCommitment>(recordKeys.commitmentsOfBlock(number)).map(([, value]) => value);
  }

  /** The indexes of the sub-blocks of block `number` that have a signed commitment, from their record keys alone. */
  commitmentIndexesOf(number: number): number[] {
    return this.storage.recordKeysWithPrefix(recordKeys.commitmentsOfBlock(number)).map(subBlockIndexInKey);
  }

  /** The indexes of the sub-blocks of block `number` that have a state-edit record, from their keys alone. */
  stateEditIndexesOf(number: number): number[] {
    return this.storage.recordKeysWithPrefix(recordKeys.stateEditsOfBlock(number)).map(subBlockIndexInKey);
  }

  stateEditsOf(number: number): StoredStateEdit[] {
    return this.storage.recordsWithPrefix<StoredStateEdit>(recordKeys.stateEditsOfBlock(number)).map(([, value]) => value);
  }

  /** Keeps records that were just committed in the recent caches (no-op without caching). Called by the writer. */
  remember(records: { block?: StoredBlock; transactions?: readonly StoredTransaction[] }): void {
    if (records.block) this.recentBlocks?.set(Number(records.block.number), records.block);
    if (records.transactions) for (const transaction of records.transactions) this.recentTransactions?.set(transaction.fields.hash as string, transaction);
  }
}
