import { type Account, createAccountFromRLP } from '@ethereumjs/util';
import type { Storage } from '../storage/Storage.js';
import { accountKey, codeKey, storageKey } from '../storage/stateKeys.js';
import type { StateReader } from './StateReader.js';
import { sharedCode } from './sharedCode.js';

/** Reads the newest state written by any block, i.e. the pending state. */
export const NEWEST_VERSION = Number.MAX_SAFE_INTEGER;

const EMPTY = new Uint8Array(0);

/**
 * The world state as of a block number, read straight from storage: each read is one seek to
 * the newest version ≤ `version`. This is how "latest" and historical reads work without
 * replaying blocks or keeping tries per block.
 */
export class PersistedStateReader implements StateReader {
  constructor(
    private readonly store: Storage,
    private readonly version: number,
  ) {}

  account(address: string): Account | undefined {
    const encoded = this.store.getVersioned(accountKey(address), this.version);
    return encoded && encoded.length > 0 ? createAccountFromRLP(encoded) : undefined;
  }

  storage(address: string, slot: string): Uint8Array {
    return this.store.getVersioned(storageKey(address, slot), this.version) ?? EMPTY;
  }

  /** Through the thread's code cache (sharedCode.ts): one object per code hash for every reader. */
  code(codeHash: string): Uint8Array {
    return sharedCode(codeHash, () => this.store.getBlob(codeKey(codeHash)) ?? EMPTY);
  }
}
