/**
 * Mounts a small tmpfs for tests that need a real full or read-only filesystem (a data
 * directory that fills up under load, one that cannot be written at all). Mounting needs root
 * (or CAP_SYS_ADMIN): where it is refused, resolves to undefined and the caller skips or falls
 * back to an injected fault (FullDiskStorage).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A mounted tmpfs: its mount point, and how to grow it or take it away. */
export interface MountedTmpfs {
  path: string;
  /** Changes its size (e.g. to give a full filesystem room again without touching its files). */
  resize(megabytes: number): void;
  unmount(): void;
}

/** Mounts a tmpfs of `megabytes` (read-only when asked); undefined where this process may not mount. */
export function mountTmpfs(megabytes: number, options: { readOnly?: boolean } = {}): MountedTmpfs | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined;
  const path = mkdtempSync(join(tmpdir(), 'sequin-tmpfs-'));
  const flags = `size=${megabytes}m${options.readOnly ? ',ro' : ''}`;
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', flags, 'tmpfs', path], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    rmSync(path, { recursive: true, force: true });
    return undefined;
  }
  return {
    path,
    resize(size) {
      const result = spawnSync('mount', ['-o', `remount,size=${size}m`, path], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`cannot resize ${path}: ${result.stderr}`);
    },
    unmount() {
      spawnSync('umount', ['-l', path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}
