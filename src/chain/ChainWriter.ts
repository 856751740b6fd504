import type { WriteBatch } from '../storage/Storage.js';
import type { ChainReader, DeletedRecords } from './ChainReader.js';
import { recordKeys } from './recordKeys.js';
import type { StoredBlock, StoredHead, StoredStateEdit, StoredSubBlock, StoredTransaction, StoredTransactionPosition } from './records.js';
import type { SignedCommitment } from './subBlockCommitment.js';

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

  /**
   * Adds a transaction with its receipt: the record under its position, and its hash pointing
   * there. Records keyed by hash scattered a block's writes over as many LMDB pages as it has
   * transactions, and each commit rewrites every page it touches: by position they fill a few
   * pages at the end of the key range, and only the small hash entries stay scattered.
   */
  writeTransaction(batch: WriteBatch, transaction: StoredTransaction): void {
    const { blockNumber, transactionIndex } = transaction;
    batch.putRecord(recordKeys.transactionAt(blockNumber, transactionIndex), transaction);
    batch.putRecord(recordKeys.transaction(transaction.fields.hash as string), [blockNumber, transactionIndex] satisfies StoredTransactionPosition);
  }

  writeSubBlock(batch: WriteBatch, subBlock: StoredSubBlock): void {
    batch.putRecord(recordKeys.subBlock(subBlock.blockNumber, subBlock.index), subBlock);
  }

  /** Adds a sub-block's signed commitment (kept for good: sealed blocks answer with their last one). */
  writeCommitment(batch: WriteBatch, signed: SignedCommitment): void {
    const { blockNumber, index } = signed.commitment;
    batch.putRecord(recordKeys.commitment(Number(blockNumber), Number(index)), signed);
  }

  /** Deletes the commitments of block `blockNumber` from index `from` on (a rewind). */
  deleteCommitments(batch: WriteBatch, blockNumber: number, from = 0): void {
    // From the keys alone: a rewind deletes a whole fixture's blocks, decoding each record only to learn its index.
    for (const index of this.reader.commitmentIndexesOf(blockNumber)) {
      if (index >= from) batch.deleteRecord(recordKeys.commitment(blockNumber, index));
    }
  }

  writeStateEdit(batch: WriteBatch, edit: StoredStateEdit): void {
    batch.putRecord(recordKeys.stateEdit(edit.blockNumber, edit.subBlockIndex), edit);
  }

  /**
   * Deletes the state-edit records of block `blockNumber` (a rewind), except those of the
   * sub-blocks in `rewritten`, which the same batch writes again.
   */
  deleteStateEdits(batch: WriteBatch, blockNumber: number, rewritten: ReadonlySet<number> = new Set()): void {
    for (const index of this.reader.stateEditIndexesOf(blockNumber)) if (!rewritten.has(index)) batch.deleteRecord(recordKeys.stateEdit(blockNumber, index));
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

  /** Removes a stored transaction: its hash entry and the record at its position. */
  deleteTransaction(batch: WriteBatch, hash: string): void {
    const position = this.reader.positionOf(hash);
    if (position) batch.deleteRecord(recordKeys.transactionAt(...position));
    batch.deleteRecord(recordKeys.transaction(hash.toLowerCase()));
  }

  /** Points the head at `block` (a rewind; sealing sets it in {@link writeBlock}). */
  writeHead(batch: WriteBatch, block: StoredBlock): void {
    batch.putRecord(recordKeys.head, { number: Number(block.number), hash: block.hash } satisfies StoredHead);
  }

  /** Tells the reader its recent caches may hold records a rewind deleted: `deleted` (all, when not given). */
  forgetRecent(deleted?: DeletedRecords): void {
    this.reader.forgetRecent(deleted);
  }

  /** Tells the reader's caches about records that were just committed. */
  remember(records: { block?: StoredBlock; transactions?: readonly StoredTransaction[] }): void {
    this.reader.remember(records);
  }
}
