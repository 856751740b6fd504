import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mountTmpfs } from '../testing/mountTmpfs.js';
import { prepareDataDirectory } from './prepareDataDirectory.js';

const root = mkdtempSync(join(tmpdir(), 'sequin-datadir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const isRoot = process.getuid?.() === 0;

describe('prepareDataDirectory', () => {
  it('creates a missing directory and its parents', () => {
    const directory = join(root, 'a', 'b', 'data');
    prepareDataDirectory(directory);
    prepareDataDirectory(directory);
  });

  it('says so when the path is a file', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    expect(() => prepareDataDirectory(file)).toThrow(`cannot use data directory ${file}: it is a file, not a directory; choose another --data-dir`);
  });

  it('names the file in the way when a parent is a file', () => {
    const file = join(root, 'another-file');
    writeFileSync(file, '');
    expect(() => prepareDataDirectory(join(file, 'data'))).toThrow(
      `cannot use data directory ${join(file, 'data')}: ${file} is a file, not a directory, so the data directory cannot be created in it; choose another --data-dir`,
    );
  });

  it.skipIf(isRoot)('says permission denied for a directory this user may not write', () => {
    const locked = join(root, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o555);
    expect(() => prepareDataDirectory(locked)).toThrow(
      /^cannot use data directory .*locked: permission denied: the directory is not readable and writable by this user/,
    );
    expect(() => prepareDataDirectory(join(locked, 'data'))).toThrow(/permission denied: its parent .*locked \(where it would be created\)/);
    chmodSync(locked, 0o755);
  });

  it('says read-only file system, for the directory and for a parent (not "ENOENT … mkdir")', (context) => {
    const readOnly = mountTmpfs(1, { readOnly: true });
    if (!readOnly) return context.skip('mounting a tmpfs needs root');
    try {
      expect(() => prepareDataDirectory(readOnly.path)).toThrow(
        `cannot use data directory ${readOnly.path}: the directory is on a read-only file system; remount it read-write or choose another --data-dir`,
      );
      expect(() => prepareDataDirectory(join(readOnly.path, 'data'))).toThrow(
        `cannot use data directory ${join(readOnly.path, 'data')}: its parent ${readOnly.path} (where it would be created) is on a read-only file system; remount it read-write or choose another --data-dir`,
      );
    } finally {
      readOnly.unmount();
    }
  });

  it('refuses to start on a full filesystem (LMDB would die of SIGBUS mapping its files)', (context) => {
    const full = mountTmpfs(1);
    if (!full) return context.skip('mounting a tmpfs needs root');
    try {
      writeFileSync(join(full.path, 'ballast'), Buffer.alloc(1024 * 1024));
      expect(() => prepareDataDirectory(join(full.path, 'data'))).toThrow(
        `cannot use data directory ${join(full.path, 'data')}: no space left on device (0 bytes free, the node needs at least 1 MiB to start); free space or choose another --data-dir`,
      );
    } finally {
      full.unmount();
    }
  });
});
