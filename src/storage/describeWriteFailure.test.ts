import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeWriteFailure } from './describeWriteFailure.js';

const directory = mkdtempSync(join(tmpdir(), 'sequin-failure-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A failed commit as lmdb-js reports it: "Commit failed", the cause delivered separately (and later). */
function lmdbCommitFailure(code: number, message: string): Error {
  const cause = Object.assign(new Error(message), { code });
  const commitError = new Promise((_, reject) => setTimeout(() => reject(cause), 5));
  // The cases are built before their tests run: marked handled, so the rejection is not an unhandled one meanwhile.
  commitError.catch(() => {});
  return Object.assign(new Error('Commit failed (see commitError for details)'), { commitError });
}

describe('describeWriteFailure', () => {
  it.each([
    { name: 'ENOSPC from LMDB (errno 28)', error: lmdbCommitFailure(28, 'No space left on device'), problem: { kind: 'noSpace' } },
    { name: 'EDQUOT (a quota)', error: Object.assign(new Error('quota'), { code: 'EDQUOT' }), problem: { kind: 'noSpace' } },
    { name: 'EROFS (remounted read-only, errno 30)', error: lmdbCommitFailure(30, 'Read-only file system'), problem: { kind: 'readOnly' } },
    // This directory's filesystem has room, so an I/O error is not a full disk.
    { name: 'EIO with free space', error: lmdbCommitFailure(5, 'Input/output error'), problem: { kind: 'writeFailed', code: 'EIO' } },
    {
      name: "LMDB's own error code",
      error: Object.assign(new Error('MDB_MAP_FULL: Environment mapsize limit reached'), { code: -30792 }),
      problem: { kind: 'writeFailed', code: 'MDB_MAP_FULL' },
    },
  ])('$name', async ({ error, problem }) => {
    const failure = await describeWriteFailure(error, directory);
    expect(failure?.problem).toEqual(problem);
    expect(failure?.location.directory).toBe(directory);
    expect(failure?.location.freeBytes).toBeGreaterThan(0);
    expect(failure?.message).toMatch(new RegExp(`^storage unavailable: .* \\(data dir ${directory}, [\\d.]+ [KMG]?i?B free\\)$`));
  });

  it('is undefined for an error that is not a failed write (the caller rethrows it)', async () => {
    expect(await describeWriteFailure(new TypeError('x is not a function'), directory)).toBeUndefined();
  });

  it('does not wait for a cause lmdb-js never delivers', async () => {
    const error = Object.assign(new Error('Commit failed (see commitError for details)'), { commitError: new Promise(() => {}), code: 5 });
    expect((await describeWriteFailure(error, directory))?.problem).toEqual({ kind: 'writeFailed', code: 'EIO' });
  });
});
