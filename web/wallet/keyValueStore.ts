/**
 * The wallet's persistence: JSON values under prefixed keys of a Web Storage area (localStorage
 * for networks and settings, sessionStorage for imported keys). Falls back to memory when the
 * storage is missing or throws (sandboxed frames, file: pages, storage disabled), so the wallet
 * still works there, only without persistence.
 */

/** Reads and writes JSON values under one key prefix. */
export interface KeyValueStore {
  read<T>(key: string): T | undefined;
  write(key: string, value: unknown): void;
}

/** A store over `storage` (e.g. `window.localStorage`), keys prefixed with `prefix`. */
export function createKeyValueStore(storage: () => Storage | undefined, prefix: string): KeyValueStore {
  const memory = new Map<string, string>();
  const area = (): Storage | undefined => {
    try {
      return storage();
    } catch {
      return undefined;
    }
  };
  return {
    read<T>(key: string): T | undefined {
      let text: string | null | undefined;
      try {
        text = area()?.getItem(prefix + key);
      } catch {
        text = undefined;
      }
      text ??= memory.get(prefix + key) ?? null;
      if (text === null) return undefined;
      try {
        return JSON.parse(text) as T;
      } catch {
        return undefined; // a corrupt entry reads as absent rather than breaking the wallet
      }
    },
    write(key: string, value: unknown): void {
      const text = JSON.stringify(value);
      memory.set(prefix + key, text);
      try {
        area()?.setItem(prefix + key, text);
      } catch {
        // quota or disabled storage: the memory copy keeps this session working
      }
    },
  };
}
