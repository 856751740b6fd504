import { join } from 'node:path';
import { type Database, open, type RootDatabase } from 'lmdb';
import { describeWriteFailure } from './describeWriteFailure.js';
import type { CommitOptions, Storage, WriteBatch } from './Storage.js';
import { versionedKey, versionOf } from './versionedKey.js';

/** The LMDB file inside the data directory (its lock file sits beside it). */
export const DATABASE_FILE = 'chain.mdb';

/**
 * How long {@link LmdbStorage.close} waits for lmdb-js after a failed commit: its `flushed` and
 * `close()` promises never settle once a commit has failed (measured on a full tmpfs), and a
 * node that cannot write must still stop on SIGTERM.
 */
const CLOSE_AFTER_FAILURE_MS = 2000;

/**
 * How many free page numbers lmdb-js keeps in memory (its native `maxFreeSpaceToLoad` and
 * `maxFreeSpaceToRetain` open options; defaults 50,000 and 75,000). Every commit merges the pages
 * it frees into that sorted list one insertion at a time, so a commit costs (pages freed) × (list
 * length): on a chain of 100,000 transactions the list held ~20,000 pages and this merge was ~80%
 * of the write thread's time (perf: mdb_freelist_save → mdb_midl_xmerge → mdb_midl_insert), which
 * made the same burst's commits cost more as the chain grew (issue 13). With a short list the
 * rest stays in LMDB's free-page table, read back as pages are needed; the file did not grow more.
 */
const FREE_PAGE_LIST_LIMITS = { maxFreeSpaceToLoad: 2000, maxFreeSpaceToRetain: 4000 };

/**
 * Where the records' shared msgpack structures are kept (lmdb-js's `sharedStructuresKey`): each
 * record shape (a transaction with its receipt, a block, a sub-block) is described once there,
 * and a record holds only its values. Decoding a 2,000-transfer block's records took a third of
 * the time (msgpackr records against plain maps), and each record is smaller. Records written
 * before keep their field names and read as before; a Sequin older than this cannot read the new ones.
 */
const RECORD_STRUCTURES_KEY = Symbol.for('sequin:record-structures');

/** Options of {@link LmdbStorage}. */
export interface LmdbStorageOptions {
  /**
   * Refuse writes: for readers in other threads (the eth_call worker) of an environment a node
   * holds. Default false.
   */
  readOnly?: boolean;
  /** Runs after the environment is closed (e.g. releases the data directory's lock). */
  onClose?: () => Promise<void> | void;
}

/**
 * Storage on disk in an LMDB environment (one file in `path`). It does not claim the directory:
 * the node's `openStorage` locks it first (lockDataDirectory.ts); others open it beside a running
 * node — the eth_call worker read-only, `sequin keys` to write API keys (LMDB serialises writers
 * across processes; the node re-reads those records, never chain data it caches). Durable on commit: lmdb-js batches the
 * writes issued before its next `setImmediate` into a single synced transaction, so many
 * concurrent commits cost one fsync. A commit made `onThisThread` (an instant-mined block) skips
 * that thread when it is idle. A commit that fails (full or failing disk) rejects with a
 * {@link StorageUnavailableError} saying why.
 */
export class LmdbStorage implements Storage {
  private readonly root: RootDatabase;
  private readonly records: Database<unknown, string>;
  private readonly versioned: Database<Uint8Array, Buffer>;
  private readonly blobs: Database<Uint8Array, Buffer>;
  /**
   * Every versioned write again, keyed by its version first (version ‖ key → nothing): what a rewind
   * deletes is then one range from the version up, instead of a scan of the whole versioned space,
   * which grew with the chain (evm_revert took ~120 ms after 16,000 blocks). The writer's alone.
   */
  private readonly versionLog: Database<Uint8Array, Buffer> | undefined;

  private readonly readOnly: boolean;
  private readonly onClose: () => Promise<void> | void;
  /** Set when a commit failed, cleared by the next one that succeeds. */
  private lastCommitFailed = false;
  /** Commits handed to the write thread and not settled yet. */
  private commitsInFlight = 0;

  /** The data directory: what other threads open (read-only) to read the same environment. */
  readonly directory: string;

  constructor(path: string, options: LmdbStorageOptions = {}) {
    this.directory = path;
    this.readOnly = options.readOnly ?? false;
    this.onClose = options.onClose ?? (() => {});
    // Name the database file explicitly: given a directory, lmdb-js decides from the name whether it
    // is a file (any "extension", e.g. /tmp/tmp.Ab3) or a directory, and fails on dotted names.
    // No event-turn batching: its batch-start write returns a promise lmdb-js never observes, so a
    // failed commit (full disk) rejected it unhandled, Node began to exit, and the exit waited forever
    // for lmdb-js's write thread, which waited for the exiting main thread (issue 10's hang). Without
    // it, writes until the next setImmediate still share one transaction (the same group commit).
    this.root = open({
      path: join(path, DATABASE_FILE),
      maxDbs: 8,
      mapSize: 2 * 1024 ** 3,
      compression: false,
      eventTurnBatching: false,
      ...FREE_PAGE_LIST_LIMITS,
    });
    this.records = this.root.openDB({ name: 'records', encoding: 'msgpack', keyEncoding: 'ordered-binary', sharedStructuresKey: RECORD_STRUCTURES_KEY });
    this.versioned = this.root.openDB({ name: 'versioned', encoding: 'binary', keyEncoding: 'binary' });
    this.blobs = this.root.openDB({ name: 'blobs', encoding: 'binary', keyEncoding: 'binary' });
    if (!this.readOnly) {
      this.versionLog = this.root.openDB({ name: 'versionLog', encoding: 'binary', keyEncoding: 'binary' });
      this.fillVersionLog();
    }
  }

  getRecord<T>(key: string): T | undefined {
    return this.records.get(key) as T | undefined;
  }

  recordsWithPrefix<T>(prefix: string): Array<[string, T]> {
    const out: Array<[string, T]> = [];
    for (const { key, value } of this.records.getRange(keysStartingWith(prefix))) {
      out.push([key, value as T]);
    }
    return out;
  }

  recordKeysWithPrefix(prefix: string): string[] {
    return [...this.records.getKeys(keysStartingWith(prefix))] as string[];
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

  versionedKeys(prefix: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    let previous: Buffer | undefined;
    for (const found of this.versioned.getKeys({ start: Buffer.from(prefix), end: prefixEnd(prefix) })) {
      const key = found.subarray(0, found.length - 8);
      if (previous && Buffer.compare(previous, key) === 0) continue;
      previous = key;
      out.push(new Uint8Array(key));
    }
    return out;
  }

  getBlob(key: Uint8Array): Uint8Array | undefined {
    return this.blobs.get(Buffer.from(key.buffer, key.byteOffset, key.byteLength));
  }

  /**
   * With `onThisThread`, and nothing else being committed, the batch is committed synchronously
   * here (lmdb-js's transactionSync: its own transaction, fsync included, before it returns);
   * a commit already handed to the write thread would otherwise land after it, so then it goes
   * that way too, in order.
   */
  commit(batch: WriteBatch, options: CommitOptions = {}): Promise<void> {
    return this.commitWork(() => this.write(batch), options);
  }

  /** As {@link commit}: on this thread with `onThisThread` (the rewind's caller waits for it alone), else on the write thread. */
  rewind(version: number, batch: WriteBatch, options: CommitOptions = {}): Promise<void> {
    return this.commitWork(() => {
      // Collected first, removed after: the scan never walks keys it is deleting.
      const later = [...this.versionLog!.getKeys({ start: versionLogKey(version + 1, EMPTY) })];
      for (const entry of later) {
        // The versioned key is the same bytes the other way round: key ‖ version.
        this.versioned.remove(Buffer.concat([entry.subarray(VERSION_BYTES), entry.subarray(0, VERSION_BYTES)]));
        this.versionLog!.remove(entry);
      }
      this.write(batch);
    }, options);
  }

  /** Runs `work` in one write transaction: on this thread when asked and nothing else is being committed (see {@link commit}). */
  private commitWork(work: () => void, options: CommitOptions): Promise<void> {
    if (options.onThisThread && this.commitsInFlight === 0 && !this.readOnly) return this.commitHere(work);
    return this.transact(work);
  }

  /** Runs `work` in one write transaction; a failure the disk explains becomes a StorageUnavailableError. */
  private async transact(work: () => void): Promise<void> {
    if (this.readOnly) throw new Error('LmdbStorage opened read-only');
    this.commitsInFlight++;
    try {
      await this.root.transaction(work);
      this.lastCommitFailed = false;
    } catch (error) {
      throw await this.writeFailure(error);
    } finally {
      this.commitsInFlight--;
    }
  }

  /** Runs `work` in a transaction of this thread, committed synchronously (see {@link commit}). */
  private async commitHere(work: () => void): Promise<void> {
    try {
      this.root.transactionSync(work);
      this.lastCommitFailed = false;
    } catch (error) {
      throw await this.writeFailure(error);
    }
  }

  /** A failure the disk explains, as a StorageUnavailableError (noted for close); anything else as it is. */
  private async writeFailure(error: unknown): Promise<unknown> {
    const failure = await describeWriteFailure(error, this.directory);
    if (!failure) return error;
    this.lastCommitFailed = true;
    return failure;
  }

  /**
   * Makes the next read see everything committed so far, also by other threads or processes.
   * lmdb-js keeps one read snapshot until a timer of the next event turn renews it (or this
   * thread commits), so a reader in another thread (the call worker) must call this before work
   * that has to see a commit it was told about.
   */
  refreshReadSnapshot(): void {
    this.root.resetReadTxn();
  }

  async close(): Promise<void> {
    try {
      if (this.lastCommitFailed) {
        // Nothing more can be flushed; lmdb-js's promises would not settle (see CLOSE_AFTER_FAILURE_MS).
        await settledWithin(this.root.close(), CLOSE_AFTER_FAILURE_MS);
      } else {
        if (!this.readOnly) await this.root.flushed;
        await this.root.close();
      }
    } finally {
      await this.onClose();
    }
  }

  /**
   * Gives a data directory written before the version log existed its log, once: one scan of the
   * versioned space at start, marked done in the same transaction.
   */
  private fillVersionLog(): void {
    if (this.records.get(VERSION_LOG_FILLED) !== undefined) return;
    this.root.transactionSync(() => {
      for (const found of this.versioned.getKeys()) {
        const key = found.subarray(0, found.length - VERSION_BYTES);
        this.versionLog!.put(versionLogKey(versionOf(found), key), EMPTY);
      }
      this.records.put(VERSION_LOG_FILLED, true);
    });
  }

  /** Puts a batch's writes into the current write transaction. */
  private write(batch: WriteBatch): void {
    for (const [key, value] of batch.records) this.records.put(key, value);
    for (const key of batch.deletedRecords) this.records.remove(key);
    for (const [key, version, value] of batch.versioned) {
      this.versioned.put(versionedKey(key, version), value);
      this.versionLog!.put(versionLogKey(version, key), EMPTY);
    }
    for (const [key, value] of batch.blobs) this.blobs.put(Buffer.from(key), value);
  }
}

/** A version in a versioned key or a version-log key: 8 bytes, big-endian. */
const VERSION_BYTES = 8;
const EMPTY = new Uint8Array(0);
/** The record saying the version log holds every versioned write (see fillVersionLog). */
const VERSION_LOG_FILLED = 'storage:versionLogFilled';

/** The version log's key of `key` written at `version`: the version first, so a range from a version up finds what came after it. */
function versionLogKey(version: number, key: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(VERSION_BYTES + key.length);
  out.writeBigUInt64BE(BigInt(version), 0);
  out.set(key, VERSION_BYTES);
  return out;
}

/** Waits for `promise` (ignoring its outcome) at most `ms`. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** The first key after every key that starts with `prefix` (the prefix with its last byte below 0xff raised). */
function prefixEnd(prefix: Uint8Array): Buffer {
  const end = Buffer.from(prefix);
  for (let index = end.length - 1; index >= 0; index--) {
    if (end[index]! < 0xff) {
      end[index] = end[index]! + 1;
      return end.subarray(0, index + 1);
    }
  }
  return Buffer.alloc(end.length + 1, 0xff);
}

/** The lmdb range of the string keys that start with `prefix`. */
function keysStartingWith(prefix: string): { start: string; end: string } {
  return { start: prefix, end: `${prefix}\uffff` };
}
