import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hex } from '../primitives/hex.js';
import { type Storage, WriteBatch } from '../storage/Storage.js';
import { storageBackends } from '../testing/storageBackends.js';
import { ChainReader } from './ChainReader.js';
import { ChainWriter } from './ChainWriter.js';
import { recordKeys } from './recordKeys.js';
import type { StoredTransaction } from './records.js';

/** A stored transfer at a position; `tag` makes its hash and contents unique. */
function storedTransaction(tag: number, blockNumber: number, transactionIndex: number): StoredTransaction {
  const hash = `0x${tag.toString(16).padStart(64, '0')}` as Hex;
  const index = `0x${transactionIndex.toString(16)}` as Hex;
  const block = `0x${blockNumber.toString(16)}` as Hex;
  return {
    fields: {
      type: '0x2',
      nonce: `0x${tag.toString(16)}`,
      gas: '0x5208',
      gasPrice: '0x1',
      to: `0x${'22'.repeat(20)}`,
      value: '0x0',
      input: '0x',
      hash,
      from: `0x${'11'.repeat(20)}`,
      v: '0x0',
      r: '0x1',
      s: '0x1',
    },
    raw: `0x02${tag.toString(16).padStart(8, '0')}`,
    blockNumber,
    transactionIndex,
    subBlockIndex: 0,
    receipt: {
      transactionHash: hash,
      transactionIndex: index,
      blockNumber: block,
      from: `0x${'11'.repeat(20)}`,
      to: `0x${'22'.repeat(20)}`,
      cumulativeGasUsed: '0x5208',
      gasUsed: '0x5208',
      contractAddress: null,
      logs: [],
      logsBloom: `0x${'00'.repeat(256)}`,
      status: '0x1',
      effectiveGasPrice: '0x1',
      type: '0x2',
    },
  };
}

function hashOf(transaction: StoredTransaction): string {
  return transaction.fields.hash as string;
}

const { backends, closeOpened } = storageBackends('sequin-chain-writer-test-');
afterEach(closeOpened);

describe.each(backends)('transaction records on %s storage', (_, openStorage) => {
  it('reads back each written transaction by hash, in any letter case, and nothing for an unknown hash', async () => {
    const storage = openStorage();
    // No recent-records cache: every read goes to storage.
    const reader = new ChainReader(storage);
    const writer = new ChainWriter(reader);
    const written = [storedTransaction(1, 7, 0), storedTransaction(2, 7, 1), storedTransaction(3, 8, 0)];
    const batch = new WriteBatch();
    for (const transaction of written) writer.writeTransaction(batch, transaction);
    await storage.commit(batch);
    for (const transaction of written) {
      expect(reader.transaction(hashOf(transaction))).toEqual(transaction);
      expect(reader.transaction(hashOf(transaction).toUpperCase().replace('0X', '0x'))).toEqual(transaction);
    }
    expect(reader.transaction(hashOf(storedTransaction(4, 8, 1)))).toBeUndefined();
  });

  it('deletes a transaction so that neither its hash nor its position finds it, leaving the others', async () => {
    const storage = openStorage();
    const reader = new ChainReader(storage);
    const writer = new ChainWriter(reader);
    const [kept, removed] = [storedTransaction(1, 7, 0), storedTransaction(2, 7, 1)];
    const batch = new WriteBatch();
    writer.writeTransaction(batch, kept);
    writer.writeTransaction(batch, removed);
    await storage.commit(batch);

    const removal = new WriteBatch();
    writer.deleteTransaction(removal, hashOf(removed));
    await storage.commit(removal);
    expect(reader.transaction(hashOf(removed))).toBeUndefined();
    expect(storage.recordsWithPrefix(recordKeys.transactionAt(7, 1))).toEqual([]);
    expect(reader.transaction(hashOf(kept))).toEqual(kept);

    // The position can hold another transaction afterwards (a rewound chain goes on).
    const replacement = storedTransaction(3, 7, 1);
    const again = new WriteBatch();
    writer.writeTransaction(again, replacement);
    await storage.commit(again);
    expect(reader.transaction(hashOf(replacement))).toEqual(replacement);
    expect(reader.transaction(hashOf(removed))).toBeUndefined();
  });

  it('reads and deletes records a data directory kept under the hash before records were kept by position', async () => {
    const storage = openStorage();
    const reader = new ChainReader(storage);
    const writer = new ChainWriter(reader);
    const legacy = storedTransaction(1, 3, 0);
    await storage.commit(new WriteBatch().putRecord(recordKeys.transaction(hashOf(legacy)), legacy));
    expect(reader.transaction(hashOf(legacy))).toEqual(legacy);
    const removal = new WriteBatch();
    writer.deleteTransaction(removal, hashOf(legacy));
    await storage.commit(removal);
    expect(reader.transaction(hashOf(legacy))).toBeUndefined();
  });

  it('after a rewind, its recent caches serve no deleted transaction and keep the others (told which), or forget all', async () => {
    const storage = openStorage();
    const reader = new ChainReader(storage, { cacheRecent: true });
    const writer = new ChainWriter(reader);
    const [kept, removed] = [storedTransaction(1, 7, 0), storedTransaction(2, 8, 0)];
    const batch = new WriteBatch();
    writer.writeTransaction(batch, kept);
    writer.writeTransaction(batch, removed);
    await storage.commit(batch);
    writer.remember({ transactions: [kept, removed] });

    const removal = new WriteBatch();
    writer.deleteTransaction(removal, hashOf(removed));
    await storage.commit(removal);
    writer.forgetRecent({ blocks: [8], transactions: [hashOf(removed).toUpperCase().replace('0X', '0x')] });
    expect(reader.transaction(hashOf(removed))).toBeUndefined();
    expect(reader.transaction(hashOf(kept))).toEqual(kept);

    // What storage no longer holds is served by no cache once everything is forgotten.
    const again = new WriteBatch();
    writer.deleteTransaction(again, hashOf(kept));
    await storage.commit(again);
    writer.forgetRecent();
    expect(reader.transaction(hashOf(kept))).toBeUndefined();
  });
});

describe.each(backends)("a block's transaction records on %s storage", (_, openStorage) => {
  /** Block 7 of three transactions and block 8 of one, written by position. */
  async function writeTwoBlocks(storage: Storage, reader: ChainReader) {
    const writer = new ChainWriter(reader);
    const blockSeven = [storedTransaction(1, 7, 0), storedTransaction(2, 7, 1), storedTransaction(3, 7, 2)];
    const blockEight = [storedTransaction(4, 8, 0)];
    const batch = new WriteBatch();
    for (const transaction of [...blockSeven, ...blockEight]) writer.writeTransaction(batch, transaction);
    await storage.commit(batch);
    return { writer, blockSeven, blockEight };
  }

  it("reads them in the block's order, with one scan of their positions instead of two lookups each", async () => {
    const storage = openStorage();
    const reader = new ChainReader(storage, { cacheRecent: true });
    const { blockSeven, blockEight } = await writeTwoBlocks(storage, reader);
    const lookups = vi.spyOn(storage, 'getRecord');
    const scans = vi.spyOn(storage, 'recordsWithPrefix');
    expect(reader.transactionsOfBlock(7, blockSeven.map(hashOf))).toEqual(blockSeven);
    expect(reader.transactionsOfBlock(8, blockEight.map(hashOf))).toEqual(blockEight);
    expect(scans).toHaveBeenCalledTimes(2);
    expect(lookups).not.toHaveBeenCalled();
  });

  it('takes them from the recent cache when it holds them all, and reads storage hash by hash without one', async () => {
    const storage = openStorage();
    const cached = new ChainReader(storage, { cacheRecent: true });
    const { writer, blockSeven } = await writeTwoBlocks(storage, cached);
    writer.remember({ transactions: blockSeven });
    const scans = vi.spyOn(storage, 'recordsWithPrefix');
    expect(cached.transactionsOfBlock(7, blockSeven.map(hashOf))).toEqual(blockSeven);
    expect(scans).not.toHaveBeenCalled();
    // Without the cache (in-memory chains), a scan would walk every key: the hashes are looked up.
    const uncached = new ChainReader(storage);
    expect(uncached.transactionsOfBlock(7, blockSeven.map(hashOf))).toEqual(blockSeven);
    expect(scans).not.toHaveBeenCalled();
  });

  it("reads hash by hash when the positions do not hold the block's list (records kept under the hash)", async () => {
    const storage = openStorage();
    const reader = new ChainReader(storage, { cacheRecent: true });
    const legacy = [storedTransaction(1, 3, 0), storedTransaction(2, 3, 1)];
    const batch = new WriteBatch();
    for (const transaction of legacy) batch.putRecord(recordKeys.transaction(hashOf(transaction)), transaction);
    await storage.commit(batch);
    expect(reader.transactionsOfBlock(3, legacy.map(hashOf))).toEqual(legacy);
  });
});
