import type { ChainReader } from '../chain/ChainReader.js';
import type { ChainWriter } from '../chain/ChainWriter.js';
import type { Hex } from '../primitives/hex.js';
import { WriteBatch } from '../storage/Storage.js';
import type { PoolJournal } from '../txpool/PoolJournal.js';
import type { OpenBlock } from './OpenBlock.js';

/**
 * The record removals of a re-fork (anvil_reset with `forking`), added to `anchorWrites` (the new
 * fork's anchor, forkAnchorWrites): every local block from the old fork block to the head with its
 * transactions, the open block's transactions, sub-blocks, commitments and state edits, and the journal entries
 * of the pool transactions dropped. The versioned state goes as a whole (the commit rewinds it to
 * nothing). A batch applies its puts before its deletes, so a key the new anchor puts (its block
 * number or hash may be the old chain's) is not deleted.
 */
export function reforkWrites(options: {
  anchorWrites: WriteBatch;
  chain: ChainReader;
  chainWriter: ChainWriter;
  journal: PoolJournal;
  /** The old fork block's number: the first block of the local chain. */
  firstBlock: number;
  headNumber: number;
  open: OpenBlock;
  droppedTransactions: Hex[];
}): WriteBatch {
  const { chain, chainWriter, open } = options;
  const removals = new WriteBatch();
  for (let number = options.firstBlock; number <= options.headNumber; number++) {
    const block = chain.blockByNumber(number);
    if (!block) continue;
    chainWriter.deleteBlock(removals, block);
    for (const hash of block.transactions) chainWriter.deleteTransaction(removals, hash);
    chainWriter.deleteStateEdits(removals, number);
    chainWriter.deleteCommitments(removals, number);
  }
  for (const record of open.records) chainWriter.deleteTransaction(removals, record.fields.hash as string);
  chainWriter.deleteSubBlocks(removals, open.number, open.subBlocks.length);
  chainWriter.deleteStateEdits(removals, open.number);
  chainWriter.deleteCommitments(removals, open.number);
  for (const hash of options.droppedTransactions) options.journal.forget(removals, hash);
  const batch = options.anchorWrites;
  const written = new Set(batch.records.map(([key]) => key));
  for (const key of removals.deletedRecords) if (!written.has(key)) batch.deleteRecord(key);
  for (const [key, value] of removals.records) batch.putRecord(key, value);
  return batch;
}
