import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'sequin.pid';

/**
 * Claims a data directory for this process, so two nodes never sequence the same chain (LMDB
 * itself lets several processes open one environment). The lock is a file holding the owner's
 * pid; a lock left by a process that no longer runs (e.g. after kill -9) is taken over.
 * Returns the function that releases it. Throws when a live process holds the directory.
 */
export function lockDataDirectory(directory: string): () => void {
  const path = join(directory, LOCK_FILE);
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
    if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
      throw new Error(`data directory ${directory} is in use by another Sequin process (pid ${owner}); stop it or use another --data-dir`);
    }
    writeFileSync(path, String(process.pid));
  }
  return () => rmSync(path, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
