import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_SOCKET, lockDataDirectory } from './lockDataDirectory.js';

const HOLDER = new URL('./lockDataDirectory.ts', import.meta.url).pathname;

let directory: string;
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(directory, { recursive: true, force: true });
});

/** A separate process that claims `directory` and reports its pid; resolves once it holds the lock. */
async function holdInAnotherProcess(directory: string, wrapper?: string): Promise<{ child: ChildProcess; pid: number }> {
  const script = `import(${JSON.stringify(HOLDER)}).then(({ lockDataDirectory }) => lockDataDirectory(${JSON.stringify(directory)})).then(() => console.log('held ' + process.pid), (e) => { console.error(e.message); process.exit(1); }); setInterval(() => {}, 1000);`;
  const command = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', script];
  // With a wrapper shell that execs into `sleep`, the holder's parent never reaps it: killed, it stays a zombie.
  const child = wrapper
    ? spawn('sh', ['-c', `"$@" & exec ${wrapper}`, 'sh', ...command], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const pid = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /held (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.stderr!.on('data', (chunk: Buffer) => reject(new Error(chunk.toString())));
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return { child, pid };
}

function processState(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
  } catch {
    return undefined;
  }
}

describe('lockDataDirectory', () => {
  it('claims a free directory with a socket, and releases it', async () => {
    directory = mkdtempSync(join(tmpdir(), 'sequin-lock-'));
    const release = await lockDataDirectory(directory);
    expect(existsSync(join(directory, LOCK_SOCKET))).toBe(true);
    await release();
    expect(existsSync(join(directory, LOCK_SOCKET))).toBe(false);
    // Free again.
    await (await lockDataDirectory(directory))();
  });

  it('refuses a directory a live process holds, naming its pid, and leaves its lock alone', async () => {
    directory = mkdtempSync(join(tmpdir(), 'sequin-lock-'));
    const { pid } = await holdInAnotherProcess(directory);
    await expect(lockDataDirectory(directory)).rejects.toThrow(
      `data directory ${directory} is in use by another Sequin process (pid ${pid}); stop it or use another --data-dir`,
    );
    await expect(lockDataDirectory(directory)).rejects.toThrow('in use');
    expect(readdirSync(directory)).toEqual([LOCK_SOCKET]);
  });

  it('refuses a second claim from the same process', async () => {
    directory = mkdtempSync(join(tmpdir(), 'sequin-lock-'));
    const release = await lockDataDirectory(directory);
    await expect(lockDataDirectory(directory)).rejects.toThrow(`(pid ${process.pid})`);
    await release();
  });

  it('takes over at once from a process killed with SIGKILL', async () => {
    directory = mkdtempSync(join(tmpdir(), 'sequin-lock-'));
    const { child } = await holdInAnotherProcess(directory);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(join(directory, LOCK_SOCKET))).toBe(true);
    await (await lockDataDirectory(directory))();
  });

  it.skipIf(process.platform !== 'linux')('takes over from a killed process that is still a zombie (not reaped by its parent)', async () => {
    directory = mkdtempSync(join(tmpdir(), 'sequin-lock-'));
    const { pid } = await holdInAnotherProcess(directory, 'sleep 30');
    process.kill(pid, 'SIGKILL');
    for (let tries = 0; processState(pid) !== 'Z' && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(processState(pid)).toBe('Z');
    await (await lockDataDirectory(directory))();
  });

  it('ignores a pid file of earlier versions naming a live unrelated process, and deletes it', async () => {
    directory = mkdtempSync(join(tmpdir(), 'sequin-lock-'));
    // The test runner's parent: alive, and not a Sequin node (a recycled pid after a container restart).
    writeFileSync(join(directory, 'sequin.pid'), String(process.ppid));
    const release = await lockDataDirectory(directory);
    expect(existsSync(join(directory, 'sequin.pid'))).toBe(false);
    await release();
  });

  it('lets exactly one of several simultaneous claims on a stale lock win', async () => {
    directory = mkdtempSync(join(tmpdir(), 'sequin-lock-'));
    const { child } = await holdInAnotherProcess(directory);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const claims = await Promise.allSettled([lockDataDirectory(directory), lockDataDirectory(directory), lockDataDirectory(directory)]);
    const won = claims.filter((claim) => claim.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const claim of claims) if (claim.status === 'rejected') expect(String(claim.reason)).toContain('is in use by another Sequin process');
    expect(readdirSync(directory)).toEqual([LOCK_SOCKET]);
    await (won[0] as PromiseFulfilledResult<() => Promise<void>>).value();
  });

  it('claims a directory whose path is too long for a socket address', async () => {
    directory = mkdtempSync(join(tmpdir(), 'sequin-lock-'));
    const deep = join(directory, 'a'.repeat(60), 'b'.repeat(60));
    const { mkdirSync } = await import('node:fs');
    mkdirSync(deep, { recursive: true });
    if (process.platform !== 'linux') {
      await expect(lockDataDirectory(deep)).rejects.toThrow('too long a path');
      return;
    }
    const release = await lockDataDirectory(deep);
    expect(existsSync(join(deep, LOCK_SOCKET))).toBe(true);
    await expect(lockDataDirectory(deep)).rejects.toThrow(`(pid ${process.pid})`);
    await release();
    expect(existsSync(join(deep, LOCK_SOCKET))).toBe(false);
  });
});
