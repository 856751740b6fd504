import { randomBytes, randomUUID } from 'node:crypto';
import { type Storage, WriteBatch } from '../../storage/Storage.js';
import { generateApiKey, hashApiKey } from './apiKeyHash.js';

/** An API key as stored: never the key itself, only its SHA-256. */
export interface StoredApiKey {
  /** Short random id (8 hex digits), shown by `sequin keys list` and accepted by `revoke`. */
  id: string;
  /** The operator's label, e.g. "app1": letters, digits, `.`, `_`, `-`; at most 64. */
  name: string;
  /** SHA-256 of the key, hex. */
  hash: string;
  /** ISO 8601 creation time. */
  createdAt: string;
  /** ISO 8601 revocation time; a revoked key is refused (401) but kept, so the listing stays truthful. */
  revokedAt?: string;
}

const KEY_PREFIX = 'apikey:';
/** Rewritten with a fresh random value on every change, so readers notice changes made by another process. */
const CHANGE_MARK_KEY = 'apikeys:changed';
const NAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The API keys kept in the node's database (records `apikey:<id>`), as `sequin keys` manages
 * them and the running node reads them. Every change also rewrites a change mark, which the node
 * reads before each authorisation (one lookup) to know when to reload: a key created or revoked
 * by `sequin keys` in another process counts from the node's next request.
 */
export class ApiKeyStore {
  constructor(private readonly storage: Storage) {}

  /**
   * Creates a key named `name` and returns it, the only time it is ever visible. Throws when the
   * name is malformed or taken by a key not revoked.
   */
  async create(name: string): Promise<{ key: string; record: StoredApiKey }> {
    if (!NAME_PATTERN.test(name)) throw new Error(`invalid key name "${name}": use 1 to 64 letters, digits, ".", "_" or "-"`);
    if (this.list().some((record) => record.name === name && record.revokedAt === undefined)) {
      throw new Error(`an API key named "${name}" already exists; revoke it first or choose another name`);
    }
    const key = generateApiKey();
    const record: StoredApiKey = { id: randomBytes(4).toString('hex'), name, hash: hashApiKey(key).toString('hex'), createdAt: new Date().toISOString() };
    await this.storage.commit(new WriteBatch().putRecord(`${KEY_PREFIX}${record.id}`, record).putRecord(CHANGE_MARK_KEY, randomUUID()));
    return { key, record };
  }

  /** Every stored key, revoked ones included, oldest first (keys made in the same millisecond in id order). */
  list(): StoredApiKey[] {
    return this.storage
      .recordsWithPrefix<StoredApiKey>(KEY_PREFIX)
      .map(([, record]) => record)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /**
   * Revokes the key whose id or name is `nameOrId` (a name must be unambiguous among keys not
   * yet revoked) and returns its record. Throws when there is no such key or it is already revoked.
   */
  async revoke(nameOrId: string): Promise<StoredApiKey> {
    const all = this.list();
    const byId = all.find((record) => record.id === nameOrId);
    const candidates = byId ? [byId] : all.filter((record) => record.name === nameOrId && record.revokedAt === undefined);
    if (candidates.length === 0) {
      const revoked = all.some((record) => record.name === nameOrId);
      throw new Error(revoked ? `the API key "${nameOrId}" is already revoked` : `no API key with id or name "${nameOrId}"`);
    }
    if (candidates.length > 1) throw new Error(`several API keys are named "${nameOrId}"; revoke one by its id (sequin keys list)`);
    const target = candidates[0]!;
    if (target.revokedAt !== undefined) throw new Error(`the API key "${nameOrId}" is already revoked`);
    const revoked: StoredApiKey = { ...target, revokedAt: new Date().toISOString() };
    await this.storage.commit(new WriteBatch().putRecord(`${KEY_PREFIX}${revoked.id}`, revoked).putRecord(CHANGE_MARK_KEY, randomUUID()));
    return revoked;
  }

  /** The current change mark: differs after every create or revoke, by any process. Undefined before the first. */
  changeMark(): string | undefined {
    return this.storage.getRecord<string>(CHANGE_MARK_KEY);
  }
}
