import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../storage/MemoryStorage.js';
import { ApiKeyRegistry } from './ApiKeyRegistry.js';
import { ApiKeyStore } from './ApiKeyStore.js';
import { hashApiKey } from './apiKeyHash.js';

describe('ApiKeyStore and ApiKeyRegistry', () => {
  it('creates a key once, stores only its SHA-256, and the registry accepts it', async () => {
    const storage = new MemoryStorage();
    const store = new ApiKeyStore(storage);
    const registry = new ApiKeyRegistry({ configuredKeys: [], store });
    expect(registry.hasAnyKey()).toBe(false);
    const { key, record } = await store.create('app1');
    expect(key).toMatch(/^sq_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({ name: 'app1', hash: hashApiKey(key).toString('hex') });
    expect(record.id).toMatch(/^[0-9a-f]{8}$/);
    // Nothing stored contains the key itself.
    expect(JSON.stringify(storage.recordsWithPrefix(''))).not.toContain(key.slice(3));
    expect(registry.find(key)).toMatchObject({ id: record.id, name: 'app1' });
    expect(registry.find(`${key}x`)).toBeUndefined();
    expect(registry.hasAnyKey()).toBe(true);
  });

  it('revokes by name or id; a revoked key is refused but listed, and keeps the tiers on', async () => {
    const store = new ApiKeyStore(new MemoryStorage());
    const registry = new ApiKeyRegistry({ configuredKeys: [], store });
    const first = await store.create('app1');
    const second = await store.create('app2');
    expect(registry.find(first.key)).toBeDefined();
    await store.revoke('app1');
    await store.revoke(second.record.id);
    expect(registry.find(first.key)).toBeUndefined();
    expect(registry.find(second.key)).toBeUndefined();
    expect(
      store
        .list()
        .map((record) => [record.name, record.revokedAt !== undefined])
        .sort(),
    ).toEqual([
      ['app1', true],
      ['app2', true],
    ]);
    expect(registry.hasAnyKey()).toBe(true);
    // The name is free again.
    const again = await store.create('app1');
    expect(registry.find(again.key)?.name).toBe('app1');
  });

  it('says what is wrong with a bad create or revoke', async () => {
    const store = new ApiKeyStore(new MemoryStorage());
    await expect(store.create('has space')).rejects.toThrow('invalid key name "has space": use 1 to 64 letters, digits, ".", "_" or "-"');
    await store.create('app1');
    await expect(store.create('app1')).rejects.toThrow('an API key named "app1" already exists; revoke it first or choose another name');
    await expect(store.revoke('nope')).rejects.toThrow('no API key with id or name "nope"');
    await store.revoke('app1');
    await expect(store.revoke('app1')).rejects.toThrow('the API key "app1" is already revoked');
  });

  it('accepts configured keys beside stored ones, named config-N', async () => {
    const store = new ApiKeyStore(new MemoryStorage());
    const registry = new ApiKeyRegistry({ configuredKeys: ['first-configured-key', 'second-configured-key'], store });
    expect(registry.hasAnyKey()).toBe(true);
    expect(registry.find('second-configured-key')).toMatchObject({ id: 'config-2', name: 'config-2' });
    expect(registry.find('first-configured-ke')).toBeUndefined();
    expect(registry.counts()).toEqual({ configured: 2, stored: 0 });
  });

  it('sees keys written through another store on the same database (as `sequin keys` in another process)', async () => {
    const storage = new MemoryStorage();
    const registry = new ApiKeyRegistry({ configuredKeys: [], store: new ApiKeyStore(storage) });
    const cli = new ApiKeyStore(storage);
    expect(registry.counts().stored).toBe(0);
    const { key } = await cli.create('late');
    expect(registry.find(key)?.name).toBe('late');
    await cli.revoke('late');
    expect(registry.find(key)).toBeUndefined();
  });
});
