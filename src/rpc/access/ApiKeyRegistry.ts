import type { ApiKeyStore } from './ApiKeyStore.js';
import { hashApiKey, sameKeyHash } from './apiKeyHash.js';

/** A key the node accepts, as it is known in memory (only the hash, never the key). */
export interface KnownApiKey {
  /** The stored key's id, or `config-N` for the Nth key given by flag or environment. */
  id: string;
  /** The stored key's name, or `config-N`: what logs show of the client. */
  name: string;
  hash: Buffer;
}

/**
 * Every API key the node accepts: those given by `--api-key` / `SEQUIN_API_KEYS` (fixed at
 * start) and those in the database (`sequin keys`), reloaded whenever the store's change mark
 * moves, which is checked at each lookup (one database read), so keys created or revoked by
 * another process take effect at the node's next request.
 */
export class ApiKeyRegistry {
  readonly #configured: KnownApiKey[];
  readonly #store: ApiKeyStore | undefined;
  #stored: KnownApiKey[] = [];
  /** True when the database holds any key record, revoked ones included. */
  #storeHasKeys = false;
  #loadedMark: string | undefined | null = null;
  #version = 0;

  constructor(options: { configuredKeys: readonly string[]; store?: ApiKeyStore }) {
    this.#configured = options.configuredKeys.map((key, index) => ({ id: `config-${index + 1}`, name: `config-${index + 1}`, hash: hashApiKey(key) }));
    this.#store = options.store;
  }

  /**
   * The accepted key equal to `key`, or undefined (unknown or revoked). Compares the key's hash
   * with every accepted hash in constant time, without stopping at a match, so the time taken
   * says nothing about which keys exist.
   */
  find(key: string): KnownApiKey | undefined {
    this.#refresh();
    const hash = hashApiKey(key);
    let found: KnownApiKey | undefined;
    for (const candidate of this.#configured) if (sameKeyHash(candidate.hash, hash)) found = candidate;
    for (const candidate of this.#stored) if (sameKeyHash(candidate.hash, hash)) found = candidate;
    return found;
  }

  /**
   * True once any key was configured or ever stored. Revoking every stored key does not make
   * this false again: revoking keys must never open a node's dedicated methods to everyone.
   */
  hasAnyKey(): boolean {
    this.#refresh();
    return this.#configured.length > 0 || this.#storeHasKeys;
  }

  /** Keys accepted right now: how many came from configuration, how many from the database. */
  counts(): { configured: number; stored: number } {
    this.#refresh();
    return { configured: this.#configured.length, stored: this.#stored.length };
  }

  /** A number that changes whenever the accepted keys change (read from the database's change mark now). */
  version(): number {
    this.#refresh();
    return this.#version;
  }

  #refresh(): void {
    if (this.#store === undefined) return;
    const mark = this.#store.changeMark();
    if (mark === this.#loadedMark) return;
    const records = this.#store.list();
    this.#storeHasKeys = records.length > 0;
    this.#stored = records
      .filter((record) => record.revokedAt === undefined)
      .map((record) => ({ id: record.id, name: record.name, hash: Buffer.from(record.hash, 'hex') }));
    this.#loadedMark = mark;
    this.#version++;
  }
}
