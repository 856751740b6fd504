import { SequinError } from './SequinError.js';

/** Why storage cannot make writes durable. */
export type StorageProblem =
  /** The filesystem is full (ENOSPC, EDQUOT, or an I/O error on a full filesystem). */
  | { kind: 'noSpace' }
  /** The filesystem was remounted read-only (EROFS). */
  | { kind: 'readOnly' }
  /** Any other failed write, with its error code (e.g. EIO). */
  | { kind: 'writeFailed'; code: string };

/** What an operator reads about a storage problem (also what clients read, without the path). */
export function describeStorageProblem(problem: StorageProblem): string {
  switch (problem.kind) {
    case 'noSpace':
      return 'no space left on device';
    case 'readOnly':
      return 'the file system is read-only';
    case 'writeFailed':
      return `write failed (${problem.code})`;
  }
}

/**
 * A write refused because storage cannot make it durable: the data directory's filesystem is
 * full, read-only or failing. Nothing was acknowledged or pre-confirmed by the refused write.
 * The message names the data directory and its free space (for logs); clients get the problem
 * without the path.
 */
export class StorageUnavailableError extends SequinError {
  readonly kind = 'storageUnavailable';

  constructor(
    readonly problem: StorageProblem,
    readonly location: { directory?: string; freeBytes?: number } = {},
    options: { cause?: unknown } = {},
  ) {
    const where = [
      location.directory && `data dir ${location.directory}`,
      location.freeBytes !== undefined && `${formatBytes(location.freeBytes)} free`,
    ].filter(Boolean);
    super(`storage unavailable: ${describeStorageProblem(problem)}${where.length > 0 ? ` (${where.join(', ')})` : ''}`, options);
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}
