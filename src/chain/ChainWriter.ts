import type { WriteBatch } from '../storage/Storage.js';
import type { ChainReader } from './ChainReader.js';
import { recordKeys } from './recordKeys.js';
import type { StoredBlock, StoredHead, StoredSubBlock, StoredTransaction } from './records.js';

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

  deleteSubBlocks(batch: WriteBatch, blockNumber: number, count: number): void {
    for (let index = 0; index < count; index++) batch.deleteRecord(recordKeys.subBlock(blockNumber, index));
  }

  /** Tells the reader's caches about records that were just committed. */
  remember(records: { block?: StoredBlock; transactions?: readonly StoredTransaction[] }): void {
    this.reader.remember(records);
  }
}
