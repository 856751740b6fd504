import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDirectory } from './lockDataDirectory.js';

let directory: string;
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe('lockDataDirectory', () => {
  it('claims a free directory and releases it', () => {
    directory = mkdtempSync(join(tmpdir(), 'sequin-lock-'));
    const release = lockDataDirectory(directory);
    expect(readFileSync(join(directory, 'sequin.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(directory, 'sequin.pid'))).toBe(false);
  });

  it('refuses a directory held by a live process', () => {
    directory = mkdtempSync(join(tmpdir(), 'sequin-lock-'));
    writeFileSync(join(directory, 'sequin.pid'), String(process.ppid));
    expect(() => lockDataDirectory(directory)).toThrow(`data directory ${directory} is in use by another Sequin process (pid ${process.ppid})`);
  });

  it('takes over a lock left by a process that is gone (kill -9)', () => {
    directory = mkdtempSync(join(tmpdir(), 'sequin-lock-'));
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(directory, 'sequin.pid'), gone.stdout);
    lockDataDirectory(directory)();
  });
});
