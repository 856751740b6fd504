/**
 * Child-process bookkeeping for the nodes under test: every spawned node is tracked, and all
 * of them are killed when the harness exits for any reason (normal end, error, SIGINT,
 * SIGTERM), so a benchmark never leaves a node running.
 */
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sleep } from './time.js';

const live = new Set<ChildProcess>();

/** SIGKILLs every tracked child; synchronous so it is safe inside an 'exit' handler. */
export function killAll(): void {
  for (const child of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  live.clear();
}

let handlersInstalled = false;
function installExitHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', killAll);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      killAll();
      process.exit(code);
    });
  }
}

/** A spawned node with its last output kept for error messages. */
export interface Tracked {
  child: ChildProcess;
  /** Last ~4 KB of stderr+stdout, for "why did it die" messages. */
  tail(): string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/** Spawns `command` with piped stdout/stderr (always drained), tracked for cleanup. */
export function spawnTracked(command: string, args: readonly string[], options: SpawnOptions): Tracked {
  installExitHandlers();
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let tail = '';
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-4096);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      live.delete(child);
      resolve();
    });
    child.once('error', (error) => {
      keep(Buffer.from(`spawn error: ${error.message}\n`));
      live.delete(child);
      resolve();
    });
  });
  return { child, tail: () => tail, exited };
}

/** SIGTERM, then SIGKILL if the process is still alive after `graceMs`. */
export async function stopTracked(tracked: Tracked, graceMs = 5_000): Promise<void> {
  const { child } = tracked;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const exitedInTime = await Promise.race([tracked.exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!exitedInTime) {
    child.kill('SIGKILL');
    await tracked.exited;
  }
}

/** Resident set size of `pid` in MiB, from /proc/<pid>/status (VmRSS). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}
