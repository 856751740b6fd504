/**
 * The storage contract every backend (LMDB on disk, or memory for --ephemeral) implements.
 *
 * Three key spaces:
 * - records: string keys → plain JSON-like values (blocks, txs, receipts, sub-blocks, journal).
 * - versioned: binary keys with a version (the block number that wrote them) → bytes. The flat
 *   world state lives here, so a read "as of block N" is one seek: the newest version ≤ N.
 * - blobs: binary keys → bytes, content-addressed (contract code, state-trie nodes).
 *
 * Writes that must be atomic and durable together go through {@link Storage.commit}; the
 * returned promise settles once they are on disk (LMDB batches concurrent commits into one
 * transaction, which is our group commit).
 */
export interface Storage {
  getRecord<T>(key: string): T | undefined;
  /** All records whose key starts with `prefix`, in key order. Used at start-up, not on hot paths. */
  recordsWithPrefix<T>(prefix: string): Array<[string, T]>;
  /** The keys of {@link recordsWithPrefix}, in key order, without reading (or decoding) a value. */
  recordKeysWithPrefix(prefix: string): string[];
  /** The value of `key` at the newest version ≤ `version`, or undefined when never written. */
  getVersioned(key: Uint8Array, version: number): Uint8Array | undefined;
  /**
   * Every versioned key (without its version) that starts with `prefix`, once each, in byte
   * order; written at any version, deleted ones included. For whole-state walks (anvil_dumpState),
   * never on hot paths.
   */
  versionedKeys(prefix: Uint8Array): Uint8Array[];
  getBlob(key: Uint8Array): Uint8Array | undefined;
  /** Writes the batch atomically; resolves when it is durable. */
  commit(batch: WriteBatch, options?: CommitOptions): Promise<void>;
  /**
   * Rewinds the versioned space to `version`: deletes every entry written by a later version,
   * then writes `batch`, all in one atomic, durable commit (a crash leaves either the whole
   * rewind or none of it). The chain's snapshots and resets use it; blobs are content-addressed
   * and stay. Costs a scan of the versioned keys. `options` as for {@link commit}.
   */
  rewind(version: number, batch: WriteBatch, options?: CommitOptions): Promise<void>;
  close(): Promise<void>;
}

/** How {@link Storage.commit} writes: durable either way, these only change how it waits. */
export interface CommitOptions {
  /**
   * Commit on the calling thread when nothing else is being committed: JavaScript waits for the
   * disk (no other request runs meanwhile) and shares no fsync, but skips the hand-offs to and
   * from LMDB's write thread, which cost more than the fsync on a busy two-core machine. For a
   * step whose caller is waiting for it alone (an instant-mined block, a rewind). Backends without a
   * write thread ignore it. Default false.
   */
  onThisThread?: boolean;
}

/** A set of writes applied together by {@link Storage.commit}. */
export class WriteBatch {
  readonly records: Array<[string, unknown]> = [];
  readonly deletedRecords: string[] = [];
  readonly versioned: Array<[Uint8Array, number, Uint8Array]> = [];
  readonly blobs: Array<[Uint8Array, Uint8Array]> = [];

  putRecord(key: string, value: unknown): this {
    this.records.push([key, value]);
    return this;
  }

  deleteRecord(key: string): this {
    this.deletedRecords.push(key);
    return this;
  }

  /** Where each key and version put so far sits in {@link versioned}: a later put of the same replaces it. */
  private readonly versionedAt = new Map<string, number>();

  /**
   * Records `value` for `key` as written by `version`; an empty value means "absent". A second put of
   * the same key and version replaces the first, as the storage would (the last put wins), without a
   * second write: an instant-mined block's sub-block and its seal both write the block's accounts (the
   * seal with their new storage roots), and each versioned write is two B-tree puts in LMDB.
   */
  putVersioned(key: Uint8Array, version: number, value: Uint8Array): this {
    const id = `${version}:${Buffer.from(key.buffer, key.byteOffset, key.byteLength).toString('latin1')}`;
    const at = this.versionedAt.get(id);
    if (at === undefined) {
      this.versionedAt.set(id, this.versioned.length);
      this.versioned.push([key, version, value]);
    } else {
      this.versioned[at] = [key, version, value];
    }
    return this;
  }

  putBlob(key: Uint8Array, value: Uint8Array): this {
    this.blobs.push([key, value]);
    return this;
  }

  get isEmpty(): boolean {
    return this.records.length + this.deletedRecords.length + this.versioned.length + this.blobs.length === 0;
  }
}
