/**
 * A Map that forgets its oldest entries once their total weight passes `limit` (insertion order;
 * a read refreshes an entry). Each entry weighs what `weigh` says, 1 by default (a count bound);
 * a cache of records of very different sizes weighs them in approximate bytes, so that a run of
 * large records (contract deployments) cannot hold many times the memory a run of transfers does.
 * Used for immutable chain records, so a stale entry can never be served.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private weight = 0;

  constructor(
    private readonly limit: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.forget(key);
    const weight = this.weigh(value);
    this.entries.set(key, { value, weight });
    this.weight += weight;
    // The newest entry stays even when it alone weighs more than the limit.
    while (this.weight > this.limit && this.entries.size > 1) this.forget(this.entries.keys().next().value as K);
  }

  /** Forgets `key`'s entry, if any. */
  delete(key: K): void {
    this.forget(key);
  }

  /** Forgets everything (the records it held were rewound). */
  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  private forget(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
