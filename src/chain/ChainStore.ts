import type { Hex } from '../primitives/hex.js';
import type { Storage, WriteBatch } from '../storage/Storage.js';
import { recordKeys } from './recordKeys.js';
import type { StoredBlock, StoredHead, StoredReceipt, StoredSubBlock, StoredTransaction } from './records.js';

/** The block hash that pre-confirmed (not yet sealed) receipts and transactions carry. */
export const UNSEALED_BLOCK_HASH: Hex = `0x${'00'.repeat(32)}`;

/** A receipt as served: its block hash filled in (zero hash while pre-confirmed). */
export type ReceiptView = StoredReceipt & { blockHash: Hex };

/**
 * Reads and writes sealed blocks, transactions, receipts and sub-blocks. Writes only add to a
 * {@link WriteBatch}; the caller commits (so one commit can carry a block and its state).
 */
export class ChainStore {
  constructor(private readonly storage: Storage) {}

  head(): StoredHead | undefined {
    return this.storage.getRecord<StoredHead>(recordKeys.head);
  }

  blockByNumber(number: number): StoredBlock | undefined {
    return this.storage.getRecord<StoredBlock>(recordKeys.blockByNumber(number));
  }

  blockByHash(hash: string): StoredBlock | undefined {
    const number = this.storage.getRecord<number>(recordKeys.blockNumberByHash(hash.toLowerCase()));
    return number === undefined ? undefined : this.blockByNumber(number);
  }

  transaction(hash: string): StoredTransaction | undefined {
    return this.storage.getRecord<StoredTransaction>(recordKeys.transaction(hash.toLowerCase()));
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
