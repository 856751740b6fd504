import type { Hex } from '../primitives/hex.js';
import type { Storage, WriteBatch } from '../storage/Storage.js';
import { BoundedCache } from './BoundedCache.js';
import { recordKeys } from './recordKeys.js';
import type { StoredBlock, StoredHead, StoredReceipt, StoredSubBlock, StoredTransaction } from './records.js';

/** The block hash that pre-confirmed (not yet sealed) receipts and transactions carry. */
export const UNSEALED_BLOCK_HASH: Hex = `0x${'00'.repeat(32)}`;

/** A receipt as served: its block hash filled in (zero hash while pre-confirmed). */
export type ReceiptView = StoredReceipt & { blockHash: Hex };

/** Recent records kept decoded in memory when storage is on disk: about ten 2,000-tx blocks. */
const RECENT_TRANSACTIONS = 20_000;
const RECENT_BLOCKS = 64;

/**
 * Reads and writes sealed blocks, transactions, receipts and sub-blocks. Writes only add to a
 * {@link WriteBatch}; the caller commits (so one commit can carry a block and its state) and then
 * calls {@link remember} with what became durable.
 *
 * With on-disk storage, recent blocks and transactions are also kept decoded in memory: they are
 * what clients poll (receipts right after pre-confirmation, the latest block's receipts), and
 * decoding them from LMDB on every read measured 2× slower for a 2,000-receipt block. Records
 * are immutable once written (no reorgs), so the caches never serve stale data.
 */
export class ChainStore {
  private readonly recentTransactions: BoundedCache<string, StoredTransaction> | undefined;
  private readonly recentBlocks: BoundedCache<number, StoredBlock> | undefined;

  constructor(
    private readonly storage: Storage,
    options: { cacheRecent: boolean } = { cacheRecent: false },
  ) {
    if (options.cacheRecent) {
      this.recentTransactions = new BoundedCache(RECENT_TRANSACTIONS);
      this.recentBlocks = new BoundedCache(RECENT_BLOCKS);
    }
  }

  /** Keeps records that were just committed in the recent caches (no-op without caching). */
  remember(records: { block?: StoredBlock; transactions?: StoredTransaction[] }): void {
    if (records.block) this.recentBlocks?.set(Number(records.block.number), records.block);
    if (records.transactions) for (const transaction of records.transactions) this.recentTransactions?.set(transaction.fields.hash as string, transaction);
  }

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

  blockByHash(hash: string): StoredBlock | undefined {
    const number = this.storage.getRecord<number>(recordKeys.blockNumberByHash(hash.toLowerCase()));
    return number === undefined ? undefined : this.blockByNumber(number);
  }

  transaction(hash: string): StoredTransaction | undefined {
    const key = hash.toLowerCase();
    return this.recentTransactions?.get(key) ?? this.storage.getRecord<StoredTransaction>(recordKeys.transaction(key));
  }

  /** The block hash of a stored transaction: its sealed block's, or the zero hash while pre-confirmed. */
  blockHashOf(transaction: StoredTransaction): Hex {
    return this.blockByNumber(transaction.blockNumber)?.hash ?? UNSEALED_BLOCK_HASH;
  }

  /** The receipts of a sealed block, in order. */
  receiptsOfBlock(block: StoredBlock): ReceiptView[] {
    return block.transactions.map((hash) => withBlockHash(this.transaction(hash)!.receipt, block.hash));
  }

  subBlocks(): StoredSubBlock[] {
    return this.storage.recordsWithPrefix<StoredSubBlock>(recordKeys.subBlockPrefix).map(([, value]) => value);
  }

  writeBlock(batch: WriteBatch, block: StoredBlock): void {
    const number = Number(block.number);
    batch.putRecord(recordKeys.blockByNumber(number), block);
    batch.putRecord(recordKeys.blockNumberByHash(block.hash), number);
    batch.putRecord(recordKeys.head, { number, hash: block.hash } satisfies StoredHead);
  }

  writeTransaction(batch: WriteBatch, transaction: StoredTransaction): void {
    batch.putRecord(recordKeys.transaction(transaction.fields.hash as string), transaction);
  }

  writeSubBlock(batch: WriteBatch, subBlock: StoredSubBlock): void {
    batch.putRecord(recordKeys.subBlock(subBlock.blockNumber, subBlock.index), subBlock);
  }

  deleteSubBlocks(batch: WriteBatch, blockNumber: number, count: number): void {
    for (let index = 0; index < count; index++) batch.deleteRecord(recordKeys.subBlock(blockNumber, index));
  }
}

/** A stored receipt with its block hash (and its logs' block hashes) filled in. */
export function withBlockHash(receipt: StoredReceipt, blockHash: Hex): ReceiptView {
  return { ...receipt, blockHash, logs: receipt.logs.map((log) => ({ ...log, blockHash, removed: false })) };
}
