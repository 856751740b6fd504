import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LmdbStorage } from '../storage/LmdbStorage.js';
import { MemoryStorage } from '../storage/MemoryStorage.js';
import type { Storage } from '../storage/Storage.js';

/**
 * The two storages a test of stored records runs on, for `describe.each(backends)`: in memory,
 * and LMDB in a fresh temporary directory (named after `directoryPrefix`). `closeOpened` closes
 * and removes every LMDB storage opened so far; register it with `afterEach`.
 */
export function storageBackends(directoryPrefix: string): { backends: Array<[string, () => Storage]>; closeOpened: () => Promise<void> } {
  const opened: Array<{ storage: LmdbStorage; directory: string }> = [];
  const openLmdb = (): Storage => {
    const directory = mkdtempSync(join(tmpdir(), directoryPrefix));
    const storage = new LmdbStorage(directory);
    opened.push({ storage, directory });
    return storage;
  };
  const closeOpened = async (): Promise<void> => {
    for (const { storage, directory } of opened.splice(0)) {
      await storage.close();
      rmSync(directory, { recursive: true, force: true });
    }
  };
  return {
    backends: [
      ['memory', () => new MemoryStorage()],
      ['LMDB', openLmdb],
    ],
    closeOpened,
  };
}
