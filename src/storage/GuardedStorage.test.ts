import { describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../errors/StorageUnavailableError.js';
import { createLogger } from '../primitives/logger.js';
import { FullDiskStorage } from '../testing/FullDiskStorage.js';
import { GuardedStorage, STORAGE_PROBE_KEY } from './GuardedStorage.js';
import { MemoryStorage } from './MemoryStorage.js';
import { WriteBatch } from './Storage.js';

/** A guarded storage over a disk the test fills and frees, with its log lines and a settable clock. */
function guarded(options: { freeBytes?: () => number | undefined; probeIntervalMs?: number } = {}) {
  const disk = new FullDiskStorage(new MemoryStorage());
  const lines: Array<{ level: string; msg: string }> = [];
  const logger = createLogger('debug', { format: 'json', write: (line) => lines.push(JSON.parse(line)) });
  const clock = { ms: 1_000 };
  const storage = new GuardedStorage(disk, { logger, now: () => clock.ms, probeIntervalMs: options.probeIntervalMs ?? 60_000, ...options });
  const write = (key: string) => storage.commit(new WriteBatch().putRecord(key, key));
  return { disk, storage, lines, clock, write };
}

describe('GuardedStorage', () => {
  it('refuses every write once one fails for want of space, logs it once, and keeps serving reads', async () => {
    const { disk, storage, lines, clock, write } = guarded();
    await write('before');
    expect(storage.health()).toEqual({ writable: true, sinceMs: 1_000 });
    disk.full = true;
    clock.ms = 5_000;
    const failure = await write('lost').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageUnavailableError);
    expect((failure as StorageUnavailableError).message).toBe('storage unavailable: no space left on device (data dir /test/data, 0 B free)');
    expect(storage.health()).toEqual({ writable: false, sinceMs: 5_000, error: failure });
    // Later writes are refused at once, without reaching the disk.
    await expect(write('also lost')).rejects.toBe(failure);
    await expect(write('and this')).rejects.toBe(failure);
    expect(disk.refused).toBe(1);
    expect(storage.getRecord('before')).toBe('before');
    expect(storage.getRecord('lost')).toBeUndefined();
    expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([
      {
        level: 'error',
        msg: 'storage unavailable: no space left on device (data dir /test/data, 0 B free): writes are refused and sequencing is paused; it resumes by itself once a write succeeds (checked every 60000 ms)',
      },
    ]);
    await storage.close();
  });

  it('turns writable again with the first probe write that commits, and logs that once', async () => {
    const { disk, storage, lines, clock, write } = guarded();
    disk.full = true;
    await write('lost').catch(() => {});
    expect((await storage.probe()).writable).toBe(false);
    expect((await storage.probe()).writable).toBe(false);
    expect(lines).toHaveLength(1);
    disk.full = false;
    clock.ms = 9_000;
    expect(await storage.probe()).toEqual({ writable: true, sinceMs: 9_000 });
    expect(storage.getRecord(STORAGE_PROBE_KEY)).toBe(9_000);
    await write('after');
    expect(storage.getRecord('after')).toBe('after');
    expect(lines.map(({ level }) => level)).toEqual(['error', 'warn']);
    expect(lines[1]).toMatchObject({ msg: 'storage writable again: writes are accepted and sequencing resumes', unwritableForMs: 8_000 });
    await storage.close();
  });

  it('on a full disk, does not even try a probe write until enough space is free', async () => {
    let free = 0;
    const { disk, storage, write } = guarded({ freeBytes: () => free });
    disk.full = true;
    await write('lost').catch(() => {});
    disk.full = false;
    free = 1024 * 1024;
    expect((await storage.probe()).writable).toBe(false);
    expect(storage.getRecord(STORAGE_PROBE_KEY)).toBeUndefined();
    free = 8 * 1024 * 1024;
    expect((await storage.probe()).writable).toBe(true);
    await storage.close();
  });

  it('probes by itself every probeIntervalMs and resumes without being asked', async () => {
    const { disk, storage, write } = guarded({ probeIntervalMs: 10 });
    disk.full = true;
    await write('lost').catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(storage.health().writable).toBe(false);
    const probesWhileFull = disk.refused;
    expect(probesWhileFull).toBeGreaterThan(1);
    disk.full = false;
    for (let waited = 0; !storage.health().writable && waited < 2_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(storage.health().writable).toBe(true);
    await write('after');
    await storage.close();
  });

  it('stops probing once closed', async () => {
    const { disk, storage, write } = guarded({ probeIntervalMs: 10 });
    disk.full = true;
    await write('lost').catch(() => {});
    await storage.close();
    const refused = disk.refused;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(disk.refused).toBe(refused);
  });

  it('lets other write errors (a bug, not the disk) through without turning unwritable', async () => {
    const storage = new GuardedStorage(new MemoryStorage(), { logger: createLogger('silent') });
    await storage.commit(new WriteBatch().putVersioned(new Uint8Array([1]), 5, new Uint8Array([1])));
    await expect(storage.commit(new WriteBatch().putVersioned(new Uint8Array([1]), 4, new Uint8Array([2])))).rejects.toThrow('increasing order');
    expect(storage.health().writable).toBe(true);
    await storage.close();
  });
});
