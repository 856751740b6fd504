import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_FILE, LmdbStorage } from './LmdbStorage.js';
import { lockDataDirectory } from './lockDataDirectory.js';
import { prepareDataDirectory } from './prepareDataDirectory.js';

/** Where --ephemeral data lives: a RAM-backed filesystem on Linux; the temp directory elsewhere. */
const RAM_DIRECTORY = '/dev/shm';
const EPHEMERAL_PREFIX = 'sequin-ephemeral-';

/**
 * Opens the node's storage: LMDB in `dataDir`, which is created if missing, checked (a writable
 * directory), and locked to this process; or, when `ephemeral`, LMDB in a fresh directory in RAM
 * (/dev/shm; the temp directory where there is none), removed when the storage is closed or the
 * process exits (no lock: the directory is this process's own). Why LMDB in RAM rather than a
 * Map: the execution workers (calls, estimates, traces) read the node's state from other threads
 * by opening the same LMDB environment, which an in-process Map cannot offer; so --ephemeral runs
 * them off the sequencer's thread too. Directories left by a node that was killed are removed at
 * the next start. Throws a message naming the path and what to do when the directory is unusable,
 * held by another node, or holds a database LMDB cannot open.
 */
export async function openStorage(options: { ephemeral: boolean; dataDir: string }): Promise<LmdbStorage> {
  if (options.ephemeral) return openEphemeralStorage();
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

function openEphemeralStorage(): LmdbStorage {
  const base = existsSync(RAM_DIRECTORY) ? RAM_DIRECTORY : tmpdir();
  removeAbandoned(base);
  const directory = mkdtempSync(join(base, `${EPHEMERAL_PREFIX}${process.pid}-`));
  const remove = () => rmSync(directory, { recursive: true, force: true });
  process.once('exit', remove);
  try {
    return new LmdbStorage(directory, { onClose: remove });
  } catch (error) {
    remove();
    throw error;
  }
}

/** Removes ephemeral directories whose process is gone (killed before it could remove its own). */
function removeAbandoned(base: string): void {
  let names: string[];
  try {
    names = readdirSync(base).filter((name) => name.startsWith(EPHEMERAL_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name.slice(EPHEMERAL_PREFIX.length).split('-')[0]);
    if (!Number.isSafeInteger(pid) || pid <= 0 || isAlive(pid)) continue;
    rmSync(join(base, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
