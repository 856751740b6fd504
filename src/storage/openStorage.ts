import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LmdbStorage } from './LmdbStorage.js';

/** Where --ephemeral data lives: a RAM-backed filesystem on Linux; the temp directory elsewhere. */
const RAM_DIRECTORY = '/dev/shm';
const EPHEMERAL_PREFIX = 'sequin-ephemeral-';

/**
 * Opens the node's storage: LMDB in `dataDir` (created if missing), or, when `ephemeral`, LMDB in
 * a fresh directory in RAM (/dev/shm; the temp directory where there is none), removed when the
 * storage is closed or the process exits. Why LMDB in RAM rather than a Map: the execution
 * workers (calls, estimates, traces) read the node's state from other threads by opening the same
 * LMDB environment, which an in-process Map cannot offer; so --ephemeral runs them off the
 * sequencer's thread too. Directories left by a node that was killed are removed at the next start.
 */
export function openStorage(options: { ephemeral: boolean; dataDir: string }): LmdbStorage {
  if (options.ephemeral) return openEphemeralStorage();
  mkdirSync(options.dataDir, { recursive: true });
  return new LmdbStorage(options.dataDir);
}

function openEphemeralStorage(): LmdbStorage {
  const base = existsSync(RAM_DIRECTORY) ? RAM_DIRECTORY : tmpdir();
  removeAbandoned(base);
  const directory = mkdtempSync(join(base, `${EPHEMERAL_PREFIX}${process.pid}-`));
  const remove = () => rmSync(directory, { recursive: true, force: true });
  process.once('exit', remove);
  try {
    return new LmdbStorage(directory, { onClosed: remove });
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
