import { join } from 'node:path';
import { type Database, open, type RootDatabase } from 'lmdb';
import { lockDataDirectory } from './lockDataDirectory.js';
import type { Storage, WriteBatch } from './Storage.js';
import { versionedKey } from './versionedKey.js';

/** The LMDB file inside the data directory (its lock file sits beside it). */
const DATABASE_FILE = 'chain.mdb';

/** Options of {@link LmdbStorage}. */
export interface LmdbStorageOptions {
  /**
   * Open without claiming the data directory and refuse writes: for readers in other threads
   * (the eth_call worker) of an environment a node already holds. Default false.
   */
  readOnly?: boolean;
  /**
   * Open beside the node that may hold the data directory, without claiming it, writes allowed:
   * LMDB serialises writers across processes, and the node sees them at its next read. Only for
   * administrative records the node re-reads (API keys: `sequin keys`), never for chain data,
   * which the node also caches in memory. Default false.
   */
  shared?: boolean;
  /** Called once the environment is closed (ephemeral storage removes its directory). */
  onClosed?: () => void;
}

/**
 * Storage on disk in an LMDB environment (one file in `path`), locked to this process unless
 * opened `readOnly`. Durable on commit: lmdb-js
 * batches all writes issued in one event-loop turn into a single synced transaction, so many
 * concurrent commits cost one fsync.
 */
export class LmdbStorage implements Storage {
  private readonly root: RootDatabase;
  private readonly records: Database<unknown, string>;
  private readonly versioned: Database<Uint8Array, Buffer>;
  private readonly blobs: Database<Uint8Array, Buffer>;

  private readonly unlock: () => void;

  private readonly readOnly: boolean;
  private readonly onClosed: () => void;

  /** The data directory: what other threads open (read-only) to read the same environment. */
  readonly directory: string;

  constructor(path: string, options: LmdbStorageOptions = {}) {
    this.directory = path;
    this.readOnly = options.readOnly ?? false;
    this.onClosed = options.onClosed ?? (() => {});
    this.unlock = this.readOnly || options.shared ? () => {} : lockDataDirectory(path);
    // Name the database file explicitly: given a directory, lmdb-js decides from the name whether it
    // is a file (any "extension", e.g. /tmp/tmp.Ab3) or a directory, and fails on dotted names.
    this.root = open({ path: join(path, DATABASE_FILE), maxDbs: 8, mapSize: 2 * 1024 ** 3, compression: false });
    this.records = this.root.openDB({ name: 'records', encoding: 'msgpack', keyEncoding: 'ordered-binary' });
    this.versioned = this.root.openDB({ name: 'versioned', encoding: 'binary', keyEncoding: 'binary' });
    this.blobs = this.root.openDB({ name: 'blobs', encoding: 'binary', keyEncoding: 'binary' });
  }

  getRecord<T>(key: string): T | undefined {
    return this.records.get(key) as T | undefined;
  }

  recordsWithPrefix<T>(prefix: string): Array<[string, T]> {
    const out: Array<[string, T]> = [];
    for (const { key, value } of this.records.getRange({ start: prefix, end: `${prefix}\uffff` })) {
      out.push([key, value as T]);
    }
    return out;
  }

  getVersioned(key: Uint8Array, version: number): Uint8Array | undefined {
    for (const { key: found, value } of this.versioned.getRange({
      start: versionedKey(key, version),
      end: Buffer.from(key),
      reverse: true,
      limit: 1,
    })) {
      // The seek may land on a neighbouring key's entry; only a same-key match counts.
      if (found.length === key.length + 8 && Buffer.compare(found.subarray(0, key.length), key) === 0) return value;
    }
    return undefined;
  }

  getBlob(key: Uint8Array): Uint8Array | undefined {
    return this.blobs.get(Buffer.from(key.buffer, key.byteOffset, key.byteLength));
  }

  commit(batch: WriteBatch): Promise<void> {
    if (this.readOnly) return Promise.reject(new Error('LmdbStorage opened read-only'));
    return this.root.transaction(() => {
      for (const [key, value] of batch.records) this.records.put(key, value);
      for (const key of batch.deletedRecords) this.records.remove(key);
      for (const [key, version, value] of batch.versioned) this.versioned.put(versionedKey(key, version), value);
      for (const [key, value] of batch.blobs) this.blobs.put(Buffer.from(key), value);
    }) as Promise<void>;
  }

  async close(): Promise<void> {
    if (!this.readOnly) await this.root.flushed;
    await this.root.close();
    this.unlock();
    this.onClosed();
  }
}
