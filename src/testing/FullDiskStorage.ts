/**
 * A storage wrapper for tests whose disk fills up on demand: while {@link FullDiskStorage.full}
 * is set, every commit fails as LmdbStorage's does on a full filesystem (a
 * StorageUnavailableError, "no space left on device", 0 bytes free) and writes nothing; reads
 * pass through. Node tests pass it as `wrapStorage` (node/buildNodeParts.ts) where a real full
 * filesystem cannot be had (mounting a small tmpfs needs root).
 */
import { StorageUnavailableError } from '../errors/StorageUnavailableError.js';
import type { CommitOptions, Storage, WriteBatch } from '../storage/Storage.js';

export class FullDiskStorage implements Storage {
  /** Whether the disk is full now. */
  full = false;
  /** Commits refused so far. */
  refused = 0;

  constructor(
    private readonly inner: Storage,
    private readonly directory = '/test/data',
  ) {}

  getRecord<T>(key: string): T | undefined {
    return this.inner.getRecord<T>(key);
  }

  recordsWithPrefix<T>(prefix: string): Array<[string, T]> {
    return this.inner.recordsWithPrefix<T>(prefix);
  }

  recordKeysWithPrefix(prefix: string): string[] {
    return this.inner.recordKeysWithPrefix(prefix);
  }

  getVersioned(key: Uint8Array, version: number): Uint8Array | undefined {
    return this.inner.getVersioned(key, version);
  }

  versionedKeys(prefix: Uint8Array): Uint8Array[] {
    return this.inner.versionedKeys(prefix);
  }

  getBlob(key: Uint8Array): Uint8Array | undefined {
    return this.inner.getBlob(key);
  }

  async commit(batch: WriteBatch, options?: CommitOptions): Promise<void> {
    this.refuseWhileFull();
    await this.inner.commit(batch, options);
  }

  async rewind(version: number, batch: WriteBatch, options?: CommitOptions): Promise<void> {
    this.refuseWhileFull();
    await this.inner.rewind(version, batch, options);
  }

  private refuseWhileFull(): void {
    if (!this.full) return;
    this.refused++;
    const cause = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    throw new StorageUnavailableError({ kind: 'noSpace' }, { directory: this.directory, freeBytes: 0 }, { cause });
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
