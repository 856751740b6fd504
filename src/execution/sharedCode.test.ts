import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keccak256 } from '../primitives/keccak.js';
import { LmdbStorage } from '../storage/LmdbStorage.js';
import { WriteBatch } from '../storage/Storage.js';
import { CachedStateReader } from './CachedStateReader.js';
import { NEWEST_VERSION, PersistedStateReader } from './PersistedStateReader.js';
import { emptyStateChanges } from './StateChanges.js';
import { WorldState, writeStateChanges } from './WorldState.js';

/** A code of `length` bytes that no other test writes, and its hash as state readers key it. */
function uniqueCode(length: number): { code: Uint8Array; hash: string } {
  const code = Uint8Array.from({ length }, (_, index) => (index * 31 + length + Math.floor(Math.random() * 256)) & 0xff);
  return { code, hash: Buffer.from(keccak256(code)).toString('hex') };
}

const opened: Array<{ storage: LmdbStorage; directory: string }> = [];
afterEach(async () => {
  for (const { storage, directory } of opened.splice(0)) {
    await storage.close();
    rmSync(directory, { recursive: true, force: true });
  }
});

/** LMDB, whose reads return a new buffer each time (what made each reader's code a new object). */
function lmdb(): LmdbStorage {
  const directory = mkdtempSync(join(tmpdir(), 'sequin-shared-code-'));
  const storage = new LmdbStorage(directory);
  opened.push({ storage, directory });
  return storage;
}

async function storageWith(code: Uint8Array, hash: string): Promise<LmdbStorage> {
  const storage = lmdb();
  const changes = emptyStateChanges();
  changes.code.set(hash, code);
  const batch = new WriteBatch();
  writeStateChanges(batch, 1, changes);
  await storage.commit(batch);
  return storage;
}

describe('sharedCode: one object per code hash on a thread', () => {
  it('every state reader returns the same object for a code hash: each block’s state, the pending state, before and after a rewind', async () => {
    const { code, hash } = uniqueCode(3_000);
    const storage = await storageWith(code, hash);
    const world = new WorldState(storage);
    const first = new PersistedStateReader(storage, 1).code(hash);
    expect(Uint8Array.from(first)).toEqual(code);
    expect(new PersistedStateReader(storage, 2).code(hash)).toBe(first);
    expect(new CachedStateReader(new PersistedStateReader(storage, NEWEST_VERSION)).code(hash)).toBe(first);
    expect(world.code(hash)).toBe(first);
    world.forgetCached();
    expect(world.code(hash)).toBe(first);
  });

  it('code a block deploys is the object later reads return', async () => {
    const { code, hash } = uniqueCode(2_000);
    const storage = await storageWith(code, hash);
    const world = new WorldState(storage);
    const deployed = Uint8Array.from(code);
    const changes = emptyStateChanges();
    changes.code.set(hash, deployed);
    world.apply(changes);
    expect(world.code(hash)).toBe(deployed);
    expect(new PersistedStateReader(storage, 5).code(hash)).toBe(deployed);
  });

  it('a missing code is not kept: once written, it is found', async () => {
    const { code, hash } = uniqueCode(1_000);
    const storage = lmdb();
    expect(new PersistedStateReader(storage, NEWEST_VERSION).code(hash)).toHaveLength(0);
    const changes = emptyStateChanges();
    changes.code.set(hash, code);
    const batch = new WriteBatch();
    writeStateChanges(batch, 1, changes);
    await storage.commit(batch);
    expect(Uint8Array.from(new PersistedStateReader(storage, NEWEST_VERSION).code(hash))).toEqual(code);
  });
});
