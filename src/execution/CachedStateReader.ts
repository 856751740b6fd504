import type { Account } from '@ethereumjs/util';
import type { StateReader } from './StateReader.js';

/** Entries after which the cache starts over, bounding memory. */
const CACHE_LIMIT = 100_000;

/**
 * Memoises an immutable state (a sealed block's): the latest block's state is read by most
 * calls and balance queries, and each storage read costs an LMDB seek plus RLP decoding.
 * Only for states that cannot change, which every sealed state is.
 */
export class CachedStateReader implements StateReader {
  private readonly accounts = new Map<string, Account | undefined>();
  private readonly slots = new Map<string, Uint8Array>();

  constructor(private readonly source: StateReader) {}

  account(address: string): Account | undefined {
    if (this.accounts.has(address)) return this.accounts.get(address);
    const account = this.source.account(address);
    remember(this.accounts, address, account);
    return account;
  }

  storage(address: string, slot: string): Uint8Array {
    const key = address + slot;
    let value = this.slots.get(key);
    if (value === undefined) {
      value = this.source.storage(address, slot);
      remember(this.slots, key, value);
    }
    return value;
  }

  /** Not memoised here: code is content-addressed, and the thread's code cache (sharedCode.ts) holds it for every state. */
  code(codeHash: string): Uint8Array {
    return this.source.code(codeHash);
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= CACHE_LIMIT) map.clear();
  map.set(key, value);
}
