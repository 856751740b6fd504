import type { Account } from '@ethereumjs/util';
import type { Storage, WriteBatch } from '../storage/Storage.js';
import { accountKey, codeKey, storageKey } from '../storage/stateKeys.js';
import { NEWEST_VERSION, PersistedStateReader } from './PersistedStateReader.js';
import type { StateChanges } from './StateChanges.js';
import type { StateReader } from './StateReader.js';
import { rememberCode } from './sharedCode.js';

/** Cached entries beyond which the read cache starts over (bounds memory on large states). */
const CACHE_LIMIT = 500_000;

/**
 * The pending world state: every sealed block plus every pre-confirmed sub-block. Reads come
 * from an in-memory cache in front of storage; {@link apply} publishes a committed sub-block's
 * changes. Only committed changes are ever applied, so nobody can observe a state that a crash
 * could take back.
 */
export class WorldState implements StateReader {
  private readonly persisted: PersistedStateReader;
  private accounts = new Map<string, Account | null>();
  private slots = new Map<string, Uint8Array>();

  constructor(storage: Storage) {
    this.persisted = new PersistedStateReader(storage, NEWEST_VERSION);
  }

  account(address: string): Account | undefined {
    const cached = this.accounts.get(address);
    if (cached !== undefined) return cached ?? undefined;
    const account = this.persisted.account(address);
    this.remember(this.accounts, address, account ?? null);
    return account;
  }

  storage(address: string, slot: string): Uint8Array {
    const id = address + slot;
    const cached = this.slots.get(id);
    if (cached !== undefined) return cached;
    const value = this.persisted.storage(address, slot);
    this.remember(this.slots, id, value);
    return value;
  }

  /** Code is content-addressed: the thread's code cache holds it (sharedCode.ts), across rewinds too. */
  code(codeHash: string): Uint8Array {
    return this.persisted.code(codeHash);
  }

  /** Drops the read cache: storage was rewound under it (evm_revert, anvil_reset). Code stays: a hash names the same bytes on every chain. */
  forgetCached(): void {
    this.accounts = new Map();
    this.slots = new Map();
  }

  /** Publishes committed changes to readers. */
  apply(changes: StateChanges): void {
    for (const [address, account] of changes.accounts) this.remember(this.accounts, address, account);
    for (const [address, slots] of changes.storage) for (const [slot, value] of slots) this.remember(this.slots, address + slot, value);
    for (const [hash, code] of changes.code) rememberCode(hash, code);
  }

  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    if (map.size >= CACHE_LIMIT && !map.has(key)) map.clear();
    map.set(key, value);
  }
}

/** Adds `changes` to `batch` as the state written by block `version`. */
export function writeStateChanges(batch: WriteBatch, version: number, changes: StateChanges): void {
  for (const [address, account] of changes.accounts) batch.putVersioned(accountKey(address), version, account ? account.serialize() : new Uint8Array(0));
  for (const [address, slots] of changes.storage) for (const [slot, value] of slots) batch.putVersioned(storageKey(address, slot), version, value);
  for (const [hash, code] of changes.code) batch.putBlob(codeKey(hash), code);
}
