import { afterEach, describe, expect, it } from 'vitest';
import { recordKeys } from '../chain/recordKeys.js';
import { bytesToHex } from '../primitives/hex.js';
import { type Storage, WriteBatch } from '../storage/Storage.js';
import { signPoolTx, testSigner } from '../testing/signedTransactions.js';
import { storageBackends } from '../testing/storageBackends.js';
import { PoolJournal } from './PoolJournal.js';
import type { PoolTransaction } from './PoolTransaction.js';

const signer = testSigner(0);

function transfers(count: number, firstNonce = 0): Promise<PoolTransaction[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => signPoolTx(signer, { nonce: firstNonce + index })));
}

async function record(journal: PoolJournal, storage: Storage, transactions: readonly PoolTransaction[]): Promise<void> {
  const batch = new WriteBatch();
  for (const transaction of transactions) journal.record(batch, transaction);
  await storage.commit(batch);
}

async function forget(journal: PoolJournal, storage: Storage, transactions: readonly PoolTransaction[]): Promise<void> {
  const batch = new WriteBatch();
  for (const transaction of transactions) journal.forget(batch, transaction.hash);
  await storage.commit(batch);
}

/** What a restarted node reads back: the hashes, in journal order. */
function hashesAfterRestart(storage: Storage): string[] {
  return new PoolJournal(storage).load().map((entry) => entry.hash);
}

const { backends, closeOpened } = storageBackends('sequin-journal-test-');
afterEach(closeOpened);

describe.each(backends)('PoolJournal on %s storage', (_, openStorage) => {
  it('gives back what was recorded and not forgotten, in the order it was journaled', async () => {
    const storage = openStorage();
    const journal = new PoolJournal(storage);
    const [first, second, third, fourth] = await transfers(4);
    await record(journal, storage, [third!, first!]);
    await record(journal, storage, [fourth!, second!]);
    await forget(journal, storage, [first!, fourth!]);
    expect(hashesAfterRestart(storage)).toEqual([third!.hash, second!.hash]);
    const [loaded] = new PoolJournal(storage).load();
    expect(bytesToHex(loaded!.raw)).toBe(bytesToHex(third!.raw));
  });

  it('keeps numbering after a restart, so new entries never overwrite old ones', async () => {
    const storage = openStorage();
    const [first, second, third] = await transfers(3);
    await record(new PoolJournal(storage), storage, [first!, second!]);

    const restarted = new PoolJournal(storage);
    restarted.load();
    await record(restarted, storage, [third!]);
    await forget(restarted, storage, [first!]);
    expect(hashesAfterRestart(storage)).toEqual([second!.hash, third!.hash]);

    // A journal that records before loading numbers after the stored entries too.
    const [fourth] = await transfers(1, 3);
    await record(new PoolJournal(storage), storage, [fourth!]);
    expect(hashesAfterRestart(storage)).toEqual([second!.hash, third!.hash, fourth!.hash]);
  });

  it('reads and forgets entries a data directory kept by hash before entries were numbered', async () => {
    const storage = openStorage();
    const [legacy, legacyImpersonated, recent] = await transfers(3);
    const sender = `0x${'ab'.repeat(20)}`;
    await storage.commit(
      new WriteBatch()
        .putRecord(recordKeys.poolTransaction(legacy!.hash), bytesToHex(legacy!.raw))
        .putRecord(recordKeys.poolTransaction(legacyImpersonated!.hash), { raw: bytesToHex(legacyImpersonated!.raw), sender }),
    );
    const journal = new PoolJournal(storage);
    const loaded = journal.load();
    expect(loaded.map((entry) => entry.hash).sort()).toEqual([legacy!.hash, legacyImpersonated!.hash].sort());
    expect(loaded.find((entry) => entry.hash === legacyImpersonated!.hash)?.impersonatedSender).toEqual(new Uint8Array(20).fill(0xab));
    await record(journal, storage, [recent!]);
    await forget(journal, storage, [legacy!, legacyImpersonated!]);
    expect(hashesAfterRestart(storage)).toEqual([recent!.hash]);
  });

  it('removes every entry of a hash recorded again after a removal that never committed', async () => {
    const storage = openStorage();
    const journal = new PoolJournal(storage);
    const [transaction] = await transfers(1);
    await record(journal, storage, [transaction!]);
    // The removal is put in a batch that is never committed (a sub-block whose commit failed)…
    journal.forget(new WriteBatch(), transaction!.hash);
    // …so the tx stays in the pool, is recorded again (e.g. after a restart) and later removed.
    const restarted = new PoolJournal(storage);
    restarted.load();
    await record(restarted, storage, [transaction!]);
    expect(hashesAfterRestart(storage)).toEqual([transaction!.hash]);
    const again = new PoolJournal(storage);
    again.load();
    await forget(again, storage, [transaction!]);
    expect(hashesAfterRestart(storage)).toEqual([]);
  });
});
