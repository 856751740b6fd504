import { statfsSync } from 'node:fs';
import { constants } from 'node:os';
import { type StorageProblem, StorageUnavailableError } from '../errors/StorageUnavailableError.js';

/** How long to wait for lmdb-js to deliver the cause of a failed commit (it follows the failure). */
const CAUSE_WAIT_MS = 250;

/**
 * Below this much free space an I/O error counts as "disk full": LMDB reports a short write
 * (the disk filled mid-write) as EIO, not ENOSPC, and the short write leaves the disk at ~0 free.
 */
const NEARLY_FULL_BYTES = 1024 * 1024;

/** errno number → name (28 → ENOSPC), for LMDB errors, which carry the number only. */
const ERRNO_NAMES = new Map<number, string>(Object.entries(constants.errno).map(([name, number]) => [number, name]));

/**
 * Turns a failed LMDB commit into a {@link StorageUnavailableError} saying what is wrong: the
 * cause's errno (lmdb-js rejects each write with "Commit failed" and delivers the cause
 * separately, as the promise `commitError`, which is awaited here so it is never left
 * unhandled) and the free space of the data directory's filesystem. Returns undefined for an
 * error that is not a failed write (a bug in the write itself), which the caller rethrows.
 */
export async function describeWriteFailure(error: unknown, directory: string): Promise<StorageUnavailableError | undefined> {
  const cause = await causeOf(error);
  const code = errorCode(cause) ?? errorCode(error);
  if (code === undefined) return undefined;
  const freeBytes = freeBytesIn(directory);
  return new StorageUnavailableError(problemOf(code, freeBytes), { directory, ...(freeBytes === undefined ? {} : { freeBytes }) }, { cause });
}

/** Free bytes for an unprivileged writer on the filesystem holding `directory`, or undefined when unknown. */
export function freeBytesIn(directory: string): number | undefined {
  try {
    const stats = statfsSync(directory);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

function problemOf(code: string, freeBytes: number | undefined): StorageProblem {
  if (code === 'ENOSPC' || code === 'EDQUOT') return { kind: 'noSpace' };
  if (code === 'EROFS') return { kind: 'readOnly' };
  if (code === 'EIO' && freeBytes !== undefined && freeBytes < NEARLY_FULL_BYTES) return { kind: 'noSpace' };
  return { kind: 'writeFailed', code };
}

async function causeOf(error: unknown): Promise<unknown> {
  const commitError = (error as { commitError?: unknown } | undefined)?.commitError;
  if (!(commitError instanceof Promise)) return error;
  let timer: NodeJS.Timeout | undefined;
  const cause = await Promise.race([
    commitError.then(
      () => error,
      (reason: unknown) => reason,
    ),
    new Promise<unknown>((resolve) => {
      timer = setTimeout(() => resolve(error), CAUSE_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  return cause;
}

/** The error's code as a name: Node's string codes as they are, LMDB's errno numbers by name, LMDB's own codes (negative) from its message. */
function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  if (typeof code !== 'number') return undefined;
  if (code > 0) return ERRNO_NAMES.get(code) ?? `errno ${code}`;
  const message = error instanceof Error ? error.message : '';
  return /^(MDB_[A-Z_]+)/.exec(message)?.[1] ?? `LMDB error ${code}`;
}
