import type { WriteBatch } from '../storage/Storage.js';
import type { ChainReader } from './ChainReader.js';
import { recordKeys } from './recordKeys.js';
import type { StoredBlock, StoredHead, StoredStateEdit, StoredSubBlock, StoredTransaction } from './records.js';

/**
 * Adds chain records to a {@link WriteBatch}; the caller commits (so one commit can carry a block
 * and its state) and then calls {@link remember} with what became durable. Held by the sequencer
 * alone (and by the boot code before it runs): one writer of the chain.
 */
export class ChainWriter {
  constructor(private readonly reader: ChainReader) {}

  /** Adds a block, its exact RLP encoding, and moves the head to it. */
  writeBlock(batch: WriteBatch, block: StoredBlock, rlp: Uint8Array): void {
    const number = Number(block.number);
    batch.putRecord(recordKeys.blockByNumber(number), block);
    batch.putRecord(recordKeys.rawBlock(number), rlp);
    batch.putRecord(recordKeys.blockNumberByHash(block.hash), number);
    batch.putRecord(recordKeys.head, { number, hash: block.hash } satisfies StoredHead);
  }

  writeTransaction(batch: WriteBatch, transaction: StoredTransaction): void {
    batch.putRecord(recordKeys.transaction(transaction.fields.hash as string), transaction);
  }

  writeSubBlock(batch: WriteBatch, subBlock: StoredSubBlock): void {
    batch.putRecord(recordKeys.subBlock(subBlock.blockNumber, subBlock.index), subBlock);
  }

  writeStateEdit(batch: WriteBatch, edit: StoredStateEdit): void {
    batch.putRecord(recordKeys.stateEdit(edit.blockNumber, edit.subBlockIndex), edit);
  }

  /**
   * Deletes the state-edit records of block `blockNumber` (a rewind), except those of the
   * sub-blocks in `rewritten`, which the same batch writes again.
   */
  deleteStateEdits(batch: WriteBatch, blockNumber: number, rewritten: ReadonlySet<number> = new Set()): void {
    for (const edit of this.reader.stateEditsOf(blockNumber))
      if (!rewritten.has(edit.subBlockIndex)) batch.deleteRecord(recordKeys.stateEdit(blockNumber, edit.subBlockIndex));
  }

  /** Deletes the sub-block records of block `blockNumber` with an index from `from` (default 0) to below `count`. */
  deleteSubBlocks(batch: WriteBatch, blockNumber: number, count: number, from = 0): void {
    for (let index = from; index < count; index++) batch.deleteRecord(recordKeys.subBlock(blockNumber, index));
  }

  /**
   * Removes a sealed block's records (a rewind: evm_revert, anvil_reset); its transactions are
   * deleted one by one ({@link deleteTransaction}), and the head pointed at the block the chain
   * rewinds to ({@link writeHead}), in the same batch. A batch applies its puts before its
   * deletes: never delete a key the batch also puts.
   */
  deleteBlock(batch: WriteBatch, block: StoredBlock): void {
    batch.deleteRecord(recordKeys.blockByNumber(Number(block.number)));
    batch.deleteRecord(recordKeys.blockNumberByHash(block.hash));
  }

  deleteTransaction(batch: WriteBatch, hash: string): void {
    batch.deleteRecord(recordKeys.transaction(hash.toLowerCase()));
  }

  /** Points the head at `block` (a rewind; sealing sets it in {@link writeBlock}). */
  writeHead(batch: WriteBatch, block: StoredBlock): void {
    batch.putRecord(recordKeys.head, { number: Number(block.number), hash: block.hash } satisfies StoredHead);
  }

  /** Tells the reader its recent caches may hold records a rewind deleted. */
  forgetRecent(): void {
    this.reader.forgetRecent();
  }

  /** Tells the reader's caches about records that were just committed. */
  remember(records: { block?: StoredBlock; transactions?: readonly StoredTransaction[] }): void {
    this.reader.remember(records);
  }
}
