import type { Storage, WriteBatch } from './Storage.js';

interface Versions {
  versions: number[];
  values: Uint8Array[];
}

/** Storage in memory for --ephemeral nodes and tests: same semantics, nothing on disk. */
export class MemoryStorage implements Storage {
  private readonly records = new Map<string, unknown>();
  private readonly versioned = new Map<string, Versions>();
  private readonly blobs = new Map<string, Uint8Array>();

  getRecord<T>(key: string): T | undefined {
    return this.records.get(key) as T | undefined;
  }

  recordsWithPrefix<T>(prefix: string): Array<[string, T]> {
    const out: Array<[string, T]> = [];
    for (const [key, value] of this.records) if (key.startsWith(prefix)) out.push([key, value as T]);
    return out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  recordKeysWithPrefix(prefix: string): string[] {
    return [...this.records.keys()].filter((key) => key.startsWith(prefix)).sort();
  }

  getVersioned(key: Uint8Array, version: number): Uint8Array | undefined {
    const entry = this.versioned.get(Buffer.from(key).toString('hex'));
    if (!entry) return undefined;
    // Binary search for the newest version ≤ `version`.
    let low = 0;
    let high = entry.versions.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (entry.versions[middle]! <= version) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found === -1 ? undefined : entry.values[found];
  }

  versionedKeys(prefix: Uint8Array): Uint8Array[] {
    const start = Buffer.from(prefix).toString('hex');
    return [...this.versioned.keys()]
      .filter((key) => key.startsWith(start))
      .sort()
      .map((key) => new Uint8Array(Buffer.from(key, 'hex')));
  }

  getBlob(key: Uint8Array): Uint8Array | undefined {
    return this.blobs.get(Buffer.from(key).toString('hex'));
  }

  async commit(batch: WriteBatch): Promise<void> {
    for (const [key, value] of batch.records) this.records.set(key, value);
    for (const key of batch.deletedRecords) this.records.delete(key);
    for (const [key, version, value] of batch.versioned) this.putVersioned(key, version, value);
    for (const [key, value] of batch.blobs) this.blobs.set(Buffer.from(key).toString('hex'), value);
  }

  async rewind(version: number, batch: WriteBatch): Promise<void> {
    for (const [id, entry] of this.versioned) {
      // Versions are kept in increasing order: drop the tail above `version`.
      let keep = entry.versions.length;
      while (keep > 0 && entry.versions[keep - 1]! > version) keep--;
      if (keep === 0) this.versioned.delete(id);
      else {
        entry.versions.length = keep;
        entry.values.length = keep;
      }
    }
    await this.commit(batch);
  }

  async close(): Promise<void> {}

  private putVersioned(key: Uint8Array, version: number, value: Uint8Array): void {
    const id = Buffer.from(key).toString('hex');
    let entry = this.versioned.get(id);
    if (!entry) {
      entry = { versions: [], values: [] };
      this.versioned.set(id, entry);
    }
    const last = entry.versions.length - 1;
    if (last >= 0 && entry.versions[last] === version) entry.values[last] = value;
    else if (last >= 0 && entry.versions[last]! > version) throw new Error('versions must be written in increasing order');
    else {
      entry.versions.push(version);
      entry.values.push(value);
    }
  }
}
