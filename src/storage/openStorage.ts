import { mkdirSync } from 'node:fs';
import { LmdbStorage } from './LmdbStorage.js';
import { MemoryStorage } from './MemoryStorage.js';
import type { Storage } from './Storage.js';

/** Opens the node's storage: in memory when `ephemeral`, else LMDB in `dataDir` (created if missing). */
export function openStorage(options: { ephemeral: boolean; dataDir: string }): Storage {
  if (options.ephemeral) return new MemoryStorage();
  mkdirSync(options.dataDir, { recursive: true });
  return new LmdbStorage(options.dataDir);
}
