import { StorageUnavailableError } from '../errors/StorageUnavailableError.js';
import type { Logger } from '../primitives/logger.js';
import { type CommitOptions, type Storage, WriteBatch } from './Storage.js';
import type { StorageHealth } from './StorageHealth.js';

/** The record each probe writes (its value: when, on the node's clock). */
export const STORAGE_PROBE_KEY = 'storage:probe';

/** Options of {@link GuardedStorage}. */
export interface GuardedStorageOptions {
  logger: Logger;
  /** The node's clock, in ms. Default Date.now. */
  now?: () => number;
  /** Free bytes on the data directory's filesystem; undefined when unknown (memory storage). */
  freeBytes?: () => number | undefined;
  /** How often a failing storage is probed. Default 1000 ms. */
  probeIntervalMs?: number;
  /** Free space a full disk needs again before a probe write is tried. Default 8 MiB. */
  resumeFreeBytes?: number;
}

/**
 * Storage that refuses what it cannot make durable. The first commit that fails with a
 * {@link StorageUnavailableError} (full, read-only or failing disk) turns it unwritable: one
 * error-level log line says why, every later commit is refused at once with the same error
 * (nothing half-written, nothing acknowledged), and the node's readiness and sequencer read
 * {@link health} to report it and pause. Meanwhile a probe writes one small record every
 * `probeIntervalMs` — once the disk has `resumeFreeBytes` free again, when it was full — and
 * the first probe that commits turns it writable again (one warn-level line). Reads are
 * never affected.
 */
export class GuardedStorage implements Storage {
  private state: StorageHealth;
  private probeTimer: NodeJS.Timeout | undefined;
  private probing: Promise<StorageHealth> | undefined;
  private closed = false;
  private readonly now: () => number;
  private readonly probeIntervalMs: number;
  private readonly resumeFreeBytes: number;

  constructor(
    private readonly inner: Storage,
    private readonly options: GuardedStorageOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.probeIntervalMs = options.probeIntervalMs ?? 1000;
    this.resumeFreeBytes = options.resumeFreeBytes ?? 8 * 1024 * 1024;
    this.state = { writable: true, sinceMs: this.now() };
  }

  /** Whether writes are accepted now, and if not, why. */
  health(): StorageHealth {
    return this.state;
  }

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

  commit(batch: WriteBatch, options?: CommitOptions): Promise<void> {
    return this.guarded(() => this.inner.commit(batch, options));
  }

  rewind(version: number, batch: WriteBatch, options?: CommitOptions): Promise<void> {
    return this.guarded(() => this.inner.rewind(version, batch, options));
  }

  /** Refuses a write while unwritable; a write the disk refuses makes it unwritable. */
  private async guarded(write: () => Promise<void>): Promise<void> {
    if (!this.state.writable) throw this.state.error;
    try {
      await write();
    } catch (error) {
      if (error instanceof StorageUnavailableError) this.fail(error);
      throw error;
    }
  }

  /**
   * Tries one probe write now (the timer does it every `probeIntervalMs` while unwritable);
   * resolves to the health after it. Writable storage is left alone.
   */
  probe(): Promise<StorageHealth> {
    this.probing ??= this.probeOnce().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probeTimer);
    await this.probing;
    await this.inner.close();
  }

  private async probeOnce(): Promise<StorageHealth> {
    const state = this.state;
    if (state.writable || this.closed) return state;
    const free = this.options.freeBytes?.();
    if (state.error.problem.kind === 'noSpace' && free !== undefined && free < this.resumeFreeBytes) return state;
    try {
      await this.inner.commit(new WriteBatch().putRecord(STORAGE_PROBE_KEY, this.now()));
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      return state;
    }
    const downMs = this.now() - state.sinceMs;
    this.state = { writable: true, sinceMs: this.now() };
    this.options.logger.warn('storage writable again: writes are accepted and sequencing resumes', {
      unwritableForMs: downMs,
      ...(free === undefined ? {} : { freeBytes: free }),
    });
    return this.state;
  }

  private fail(error: StorageUnavailableError): void {
    if (!this.state.writable) return;
    this.state = { writable: false, sinceMs: this.now(), error };
    const resume =
      error.problem.kind === 'noSpace' && this.options.freeBytes
        ? `once ${Math.round(this.resumeFreeBytes / 1024 / 1024)} MiB are free`
        : 'once a write succeeds';
    this.options.logger.error(
      `${error.message}: writes are refused and sequencing is paused; it resumes by itself ${resume} (checked every ${this.probeIntervalMs} ms)`,
      {
        error: error.cause ?? error,
      },
    );
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (this.closed) return;
    this.probeTimer = setTimeout(() => {
      void this.probe()
        .catch((error: unknown) => this.options.logger.error('storage probe failed', { error }))
        .finally(() => {
          if (!this.state.writable) this.scheduleProbe();
        });
    }, this.probeIntervalMs);
    this.probeTimer.unref();
  }
}
