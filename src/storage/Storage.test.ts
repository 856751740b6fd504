import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { afterAll, describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../errors/StorageUnavailableError.js';
import { mountTmpfs } from '../testing/mountTmpfs.js';
import { DATABASE_FILE, LmdbStorage } from './LmdbStorage.js';
import { MemoryStorage } from './MemoryStorage.js';
import { type Storage, WriteBatch } from './Storage.js';
import { versionedKey } from './versionedKey.js';

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

const backends: Array<[string, () => Storage]> = [
  ['memory', () => new MemoryStorage()],
  [
    'lmdb',
    () => {
      const directory = mkdtempSync(join(tmpdir(), 'sequin-storage-'));
      directories.push(directory);
      return new LmdbStorage(directory);
    },
  ],
];

describe.each(backends)('%s storage', (_name, create) => {
  it('reads the newest version at or before the asked one', async () => {
    const storage = create();
    const key = new Uint8Array([1, 2, 3]);
    const neighbour = new Uint8Array([1, 2, 4]);
    await storage.commit(new WriteBatch().putVersioned(key, 2, new Uint8Array([20])).putVersioned(neighbour, 1, new Uint8Array([99])));
    await storage.commit(new WriteBatch().putVersioned(key, 5, new Uint8Array([50])));
    expect(storage.getVersioned(key, 1)).toBeUndefined();
    expect([...(storage.getVersioned(key, 2) ?? [])]).toEqual([20]);
    expect([...(storage.getVersioned(key, 4) ?? [])]).toEqual([20]);
    expect([...(storage.getVersioned(key, 5) ?? [])]).toEqual([50]);
    expect([...(storage.getVersioned(key, 1000) ?? [])]).toEqual([50]);
    expect(storage.getVersioned(new Uint8Array([1, 2]), 1000)).toBeUndefined();
    await storage.close();
  });

  it('keeps the last of two puts of a key at one version in a batch, and a rewind still removes it', async () => {
    const storage = create();
    const key = new Uint8Array([7, 7]);
    const batch = new WriteBatch()
      .putVersioned(key, 3, new Uint8Array([1]))
      .putVersioned(key, 4, new Uint8Array([2]))
      .putVersioned(key, 3, new Uint8Array([3]));
    expect(batch.versioned.map(([, version, value]) => [version, [...value]])).toEqual([
      [3, [3]],
      [4, [2]],
    ]);
    await storage.commit(batch);
    expect([...(storage.getVersioned(key, 3) ?? [])]).toEqual([3]);
    expect([...(storage.getVersioned(key, 9) ?? [])]).toEqual([2]);
    await storage.rewind(2, new WriteBatch());
    expect(storage.getVersioned(key, 9)).toBeUndefined();
    await storage.close();
  });

  it('lists records by prefix in key order and deletes them', async () => {
    const storage = create();
    await storage.commit(new WriteBatch().putRecord('sub:02', { n: 2 }).putRecord('sub:01', { n: 1 }).putRecord('tx:1', { n: 3 }));
    expect(storage.recordsWithPrefix('sub:')).toEqual([
      ['sub:01', { n: 1 }],
      ['sub:02', { n: 2 }],
    ]);
    expect(storage.recordKeysWithPrefix('sub:')).toEqual(['sub:01', 'sub:02']);
    await storage.commit(new WriteBatch().deleteRecord('sub:01'));
    expect(storage.recordKeysWithPrefix('sub:')).toEqual(['sub:02']);
    expect(storage.getRecord('sub:01')).toBeUndefined();
    expect(storage.getRecord('tx:1')).toEqual({ n: 3 });
    await storage.close();
  });

  it('rewinds the versioned space: later versions are gone, earlier ones and the batch are read', async () => {
    const storage = create();
    const account = new Uint8Array([7, 1]);
    const slot = new Uint8Array([7, 2]);
    const bornLate = new Uint8Array([7, 3]);
    await storage.commit(new WriteBatch().putVersioned(account, 1, new Uint8Array([10])).putVersioned(slot, 2, new Uint8Array([20])));
    await storage.commit(new WriteBatch().putVersioned(account, 3, new Uint8Array([30])).putVersioned(bornLate, 4, new Uint8Array([40])));
    await storage.commit(new WriteBatch().putVersioned(account, 5, new Uint8Array([50])).putBlob(new Uint8Array([9]), new Uint8Array([90])));

    await storage.rewind(2, new WriteBatch().putVersioned(slot, 3, new Uint8Array([33])).putRecord('meta:head', 2));
    expect([...(storage.getVersioned(account, 1000) ?? [])]).toEqual([10]);
    expect([...(storage.getVersioned(slot, 1000) ?? [])]).toEqual([33]);
    expect([...(storage.getVersioned(slot, 2) ?? [])]).toEqual([20]);
    expect(storage.getVersioned(bornLate, 1000)).toBeUndefined();
    expect(storage.getRecord('meta:head')).toBe(2);
    // Content-addressed blobs stay.
    expect([...(storage.getBlob(new Uint8Array([9])) ?? [])]).toEqual([90]);
    // Versions above the rewind point can be written again.
    await storage.commit(new WriteBatch().putVersioned(account, 4, new Uint8Array([44])));
    expect([...(storage.getVersioned(account, 4) ?? [])]).toEqual([44]);
    await storage.close();
  });

  it('lists each versioned key with a prefix once, in byte order, whatever its versions', async () => {
    const storage = create();
    const value = new Uint8Array([1]);
    await storage.commit(
      new WriteBatch()
        .putVersioned(new Uint8Array([7, 2]), 1, value)
        .putVersioned(new Uint8Array([7, 0xff, 1]), 1, value)
        .putVersioned(new Uint8Array([6, 9]), 1, value)
        .putVersioned(new Uint8Array([8]), 1, value),
    );
    await storage.commit(new WriteBatch().putVersioned(new Uint8Array([7, 2]), 3, new Uint8Array(0)).putVersioned(new Uint8Array([7, 1]), 3, value));
    expect(storage.versionedKeys(new Uint8Array([7])).map((key) => [...key])).toEqual([
      [7, 1],
      [7, 2],
      [7, 0xff, 1],
    ]);
    expect(storage.versionedKeys(new Uint8Array([9]))).toEqual([]);
    await storage.close();
  });
});

describe('lmdb storage committing on the calling thread', () => {
  const freshDirectory = () => {
    const directory = mkdtempSync(join(tmpdir(), 'sequin-storage-'));
    directories.push(directory);
    return directory;
  };

  it('is durable once the commit resolves: a storage opened again reads every kind of write', async () => {
    const directory = freshDirectory();
    const storage = new LmdbStorage(directory);
    await storage.commit(new WriteBatch().putRecord('gone', 1), { onThisThread: true });
    await storage.commit(
      new WriteBatch()
        .putRecord('block:7', { hash: '0x07' })
        .deleteRecord('gone')
        .putVersioned(new Uint8Array([1]), 7, new Uint8Array([70]))
        .putBlob(new Uint8Array([2]), new Uint8Array([20])),
      { onThisThread: true },
    );
    expect(storage.getRecord('block:7')).toEqual({ hash: '0x07' });
    await storage.close();
    const reopened = new LmdbStorage(directory);
    expect(reopened.getRecord('block:7')).toEqual({ hash: '0x07' });
    expect(reopened.getRecord('gone')).toBeUndefined();
    expect([...(reopened.getVersioned(new Uint8Array([1]), 7) ?? [])]).toEqual([70]);
    expect([...(reopened.getBlob(new Uint8Array([2])) ?? [])]).toEqual([20]);
    await reopened.close();
  });

  it('lands after a commit issued before it that the write thread has not finished', async () => {
    const storage = new LmdbStorage(freshDirectory());
    const earlier = storage.commit(new WriteBatch().putRecord('journal:tx', 'recorded').putRecord('order', 'earlier'));
    const later = storage.commit(new WriteBatch().deleteRecord('journal:tx').putRecord('order', 'later'), { onThisThread: true });
    await Promise.all([earlier, later]);
    expect(storage.getRecord('order')).toBe('later');
    expect(storage.getRecord('journal:tx')).toBeUndefined();
    await storage.close();
  });

  it('rewinds on this thread durably, after a commit the write thread has not finished', async () => {
    const directory = freshDirectory();
    const storage = new LmdbStorage(directory);
    await storage.commit(new WriteBatch().putVersioned(new Uint8Array([1]), 1, new Uint8Array([10])));
    const earlier = storage.commit(new WriteBatch().putVersioned(new Uint8Array([1]), 2, new Uint8Array([20])).putRecord('head', 2));
    const rewound = storage.rewind(1, new WriteBatch().putRecord('head', 1), { onThisThread: true });
    await Promise.all([earlier, rewound]);
    await storage.rewind(0, new WriteBatch().putRecord('head', 0).putVersioned(new Uint8Array([2]), 0, new Uint8Array([5])), { onThisThread: true });
    await storage.close();
    const reopened = new LmdbStorage(directory);
    expect(reopened.getRecord('head')).toBe(0);
    expect(reopened.getVersioned(new Uint8Array([1]), 1000)).toBeUndefined();
    expect([...(reopened.getVersioned(new Uint8Array([2]), 1000) ?? [])]).toEqual([5]);
    await reopened.close();
  });

  it('on a full filesystem rejects with the reason, commits nothing, and commits again once there is room', async (context) => {
    const disk = mountTmpfs(2);
    if (!disk) return context.skip('mounting a tmpfs needs root');
    try {
      const storage = new LmdbStorage(disk.path);
      const big = (seed: number) => new WriteBatch().putBlob(new Uint8Array([seed]), new Uint8Array(3 * 1024 * 1024).fill(seed));
      const refused = await storage.commit(big(1), { onThisThread: true }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StorageUnavailableError);
      expect((refused as StorageUnavailableError).problem.kind).toBe('noSpace');
      expect(storage.getBlob(new Uint8Array([1]))).toBeUndefined();
      disk.resize(16);
      await storage.commit(big(2), { onThisThread: true });
      expect(storage.getBlob(new Uint8Array([2]))?.length).toBe(3 * 1024 * 1024);
      await storage.close();
    } finally {
      disk.unmount();
    }
  });

  it('rewinds what was written before a restart, also in a directory written before the version log existed', async () => {
    const directory = freshDirectory();
    // The layout before the version log: the versioned database alone.
    const old = open({ path: join(directory, DATABASE_FILE), maxDbs: 8 });
    const versioned = old.openDB({ name: 'versioned', encoding: 'binary', keyEncoding: 'binary' });
    await versioned.put(versionedKey(new Uint8Array([1]), 1), new Uint8Array([10]));
    await versioned.put(versionedKey(new Uint8Array([1]), 4), new Uint8Array([40]));
    await versioned.put(versionedKey(new Uint8Array([2]), 5), new Uint8Array([50]));
    await old.close();

    const first = new LmdbStorage(directory);
    await first.commit(new WriteBatch().putVersioned(new Uint8Array([3]), 6, new Uint8Array([60])));
    await first.close();
    const storage = new LmdbStorage(directory);
    await storage.rewind(3, new WriteBatch());
    expect([...(storage.getVersioned(new Uint8Array([1]), 1000) ?? [])]).toEqual([10]);
    expect(storage.getVersioned(new Uint8Array([2]), 1000)).toBeUndefined();
    expect(storage.getVersioned(new Uint8Array([3]), 1000)).toBeUndefined();
    // Written again above the point, rewound again.
    await storage.commit(new WriteBatch().putVersioned(new Uint8Array([2]), 4, new Uint8Array([44])));
    await storage.rewind(3, new WriteBatch());
    expect(storage.getVersioned(new Uint8Array([2]), 1000)).toBeUndefined();
    await storage.close();
  });
});

describe("lmdb storage's record encoding", () => {
  const freshDirectory = () => {
    const directory = mkdtempSync(join(tmpdir(), 'sequin-storage-'));
    directories.push(directory);
    return directory;
  };
  const receiptLike = (index: number) => ({ transactionHash: `0x${index.toString(16).padStart(64, '0')}`, status: '0x1', logs: [], gasUsed: '0x5208' });

  it('describes a record shape once: many records of one shape take far less room than their field names would', async () => {
    const directory = freshDirectory();
    const storage = new LmdbStorage(directory);
    const batch = new WriteBatch();
    for (let index = 0; index < 100; index++) batch.putRecord(`r:${index}`, receiptLike(index));
    await storage.commit(batch);
    const raw = open({ path: join(directory, DATABASE_FILE), maxDbs: 8, readOnly: true }).openDB({ name: 'records', encoding: 'binary' });
    const bytes = raw.getBinary('r:5')!;
    // The values alone (a 66-character hash and three short strings), without "transactionHash", "status", "gasUsed".
    expect(bytes.length).toBeLessThan(90);
    expect(Buffer.from(bytes).toString('latin1')).not.toContain('transactionHash');
    expect(storage.getRecord('r:5')).toEqual(receiptLike(5));
    await storage.close();
  });

  it('reads records written before (field names in each), records of another writer of the directory, and its own after a restart', async () => {
    const directory = freshDirectory();
    // A data directory written before shared structures: plain msgpack maps.
    const old = open({ path: join(directory, DATABASE_FILE), maxDbs: 8 });
    await old.openDB({ name: 'records', encoding: 'msgpack', keyEncoding: 'ordered-binary' }).put('t:old', receiptLike(1));
    await old.close();

    const node = new LmdbStorage(directory);
    expect(node.getRecord('t:old')).toEqual(receiptLike(1));
    await node.commit(new WriteBatch().putRecord('t:mine', receiptLike(2)));
    // Another process (`sequin keys` beside a running node) adds a record of a shape the node has not seen.
    const other = new LmdbStorage(directory);
    await other.commit(new WriteBatch().putRecord('t:theirs', { key: 'k', tier: 'dedicated', label: 'x' }));
    await other.close();
    expect(node.getRecord('t:theirs')).toEqual({ key: 'k', tier: 'dedicated', label: 'x' });
    await node.commit(new WriteBatch().putRecord('t:mine too', { key: 'j', tier: 'public', label: 'y' }));
    await node.close();

    const restarted = new LmdbStorage(directory);
    expect(restarted.recordsWithPrefix('t:')).toEqual([
      ['t:mine', receiptLike(2)],
      ['t:mine too', { key: 'j', tier: 'public', label: 'y' }],
      ['t:old', receiptLike(1)],
      ['t:theirs', { key: 'k', tier: 'dedicated', label: 'x' }],
    ]);
    // The shapes' own entry is no record: no scan lists it.
    expect(restarted.recordsWithPrefix('').every(([key]) => typeof key === 'string')).toBe(true);
    await restarted.close();
  });
});
