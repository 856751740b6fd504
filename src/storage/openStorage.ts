import { join } from 'node:path';
import { DATABASE_FILE, LmdbStorage } from './LmdbStorage.js';
import { lockDataDirectory } from './lockDataDirectory.js';
import { MemoryStorage } from './MemoryStorage.js';
import { prepareDataDirectory } from './prepareDataDirectory.js';
import type { Storage } from './Storage.js';

/**
 * Opens the node's storage: in memory when `ephemeral`, else LMDB in `dataDir`, which is
 * created if missing, checked (a writable directory), and locked to this process. Throws a
 * message naming the path and what to do when the directory is unusable, held by another node,
 * or holds a database LMDB cannot open.
 */
export async function openStorage(options: { ephemeral: boolean; dataDir: string }): Promise<Storage> {
  if (options.ephemeral) return new MemoryStorage();
  prepareDataDirectory(options.dataDir);
  const release = await lockDataDirectory(options.dataDir);
  try {
    return new LmdbStorage(options.dataDir, { onClose: release });
  } catch (error) {
    await release();
    const { code, message } = error as NodeJS.ErrnoException;
    const problem = code === 'ENOSPC' ? 'no space left on device; free space or choose another --data-dir' : message;
    throw new Error(`cannot open the database ${join(options.dataDir, DATABASE_FILE)}: ${problem}`, { cause: error });
  }
}
