/**
 * A Map that forgets its oldest entries beyond `limit` (insertion order; a read refreshes an
 * entry). Used for immutable chain records, so a stale entry can never be served.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
  }

  /** Forgets everything (the records it held were rewound). */
  clear(): void {
    this.entries.clear();
  }
}
