import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { freeBytesIn } from './describeWriteFailure.js';

/**
 * Free space below which the node does not start: LMDB maps its lock file and its first pages,
 * and on a full filesystem touching them kills the process with SIGBUS (measured on tmpfs)
 * instead of returning an error.
 */
export const MIN_START_FREE_BYTES = 1024 * 1024;

/**
 * Makes sure `directory` can hold a node's data: creates it (and its parents) if missing, and
 * checks that it is a directory this process may read and write, on a filesystem with at least
 * {@link MIN_START_FREE_BYTES} free. Throws an error that says which path is wrong, what is wrong
 * with it and what to do, instead of the system call's ("ENOENT: no such file or directory,
 * mkdir" for a read-only parent).
 */
export function prepareDataDirectory(directory: string): void {
  try {
    mkdirSync(directory, { recursive: true });
  } catch (error) {
    throw unusable(directory, diagnose(directory) ?? describeCode(error));
  }
  const problem = diagnose(directory);
  if (problem) throw unusable(directory, problem);
  const free = freeBytesIn(directory);
  if (free !== undefined && free < MIN_START_FREE_BYTES) {
    throw unusable(directory, `no space left on device (${free} bytes free, the node needs at least 1 MiB to start); free space or choose another --data-dir`);
  }
}

function unusable(directory: string, problem: string): Error {
  return new Error(`cannot use data directory ${directory}: ${problem}`);
}

/** What keeps `directory` (or, when it does not exist, its nearest existing parent) from being used, or undefined. */
function diagnose(directory: string): string | undefined {
  const absolute = resolve(directory);
  let existing = absolute;
  while (!exists(existing)) {
    const parent = dirname(existing);
    if (parent === existing) return undefined;
    existing = parent;
  }
  const stats = statSync(existing);
  if (!stats.isDirectory()) {
    return existing === absolute
      ? 'it is a file, not a directory; choose another --data-dir'
      : `${existing} is a file, not a directory, so the data directory cannot be created in it; choose another --data-dir`;
  }
  const target = existing === absolute ? 'the directory' : `its parent ${existing} (where it would be created)`;
  try {
    accessSync(existing, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EROFS') return `${target} is on a read-only file system; remount it read-write or choose another --data-dir`;
    if (code === 'EACCES' || code === 'EPERM') {
      return `permission denied: ${target} is not readable and writable by this user (uid ${process.getuid?.() ?? '?'}); change its owner or mode, or choose another --data-dir`;
    }
    return describeCode(error);
  }
  return undefined;
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function describeCode(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ENOSPC') return 'no space left on device; free space or choose another --data-dir';
  if (code === 'ENAMETOOLONG') return 'the path is too long; choose a shorter --data-dir';
  return message;
}
