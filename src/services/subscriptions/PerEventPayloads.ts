/**
 * What subscriptions build from one event, built once: the first subscriber that needs a payload
 * (say newHeads' header, or the full transactions of a sub-block) builds it, every other one gets
 * the same object. Keyed by the event's payload (the bus hands every listener the same object)
 * and by what was built from it; forgotten with the event.
 */
export class PerEventPayloads {
  readonly #built = new WeakMap<object, Map<string, unknown>>();

  /** What `build` returns for `event` under `key`, built on the first call for that event and key. */
  get<T>(event: object, key: string, build: () => T): T {
    let byKey = this.#built.get(event);
    if (byKey === undefined) {
      byKey = new Map();
      this.#built.set(event, byKey);
    }
    if (byKey.has(key)) return byKey.get(key) as T;
    const value = build();
    byKey.set(key, value);
    return value;
  }
}
