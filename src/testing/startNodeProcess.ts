/**
 * Starts the real `sequin` CLI (`node bin/sequin.js`) as a child process, for end-to-end tests.
 *
 *   startNodeProcess() ──spawn──▶ node bin/sequin.js --port 0 (--ephemeral | --data-dir DIR) …
 *        ▲                                  │ stdout: "Listening on http://127.0.0.1:PORT"
 *        └──────── { url, process, stop, kill9, dataDir } ◀┘
 *
 * Runs the compiled build in dist/ (run `npm run build` first; `npm test` does). Every started
 * process and every temporary data directory is tracked: call {@link cleanupNodeProcesses} in
 * `afterAll` to SIGKILL what still runs and delete the directories. As a last resort, children
 * still alive when the test worker exits are SIGKILLed too, so no node outlives its test run.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in src/testing/ or, compiled, dist/testing/). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The CLI entry point the tests spawn. */
export const SEQUIN_BIN = join(ROOT, 'bin', 'sequin.js');
const BUILT_MAIN = join(ROOT, 'dist', 'cli', 'main.js');
/** The text the CLI prints once it serves. */
const LISTENING = /Listening on (https?:\/\/\S+)/;

/** Options of {@link startNodeProcess}. */
export interface StartNodeProcessOptions {
  /**
   * Storage: `'ephemeral'` (default) passes `--ephemeral`; `'temp'` creates a fresh temporary
   * directory (deleted by {@link cleanupNodeProcesses}); any other string is an existing
   * directory passed as `--data-dir` (e.g. the `dataDir` of an earlier process, to restart).
   */
  storage?: 'ephemeral' | 'temp' | { dataDir: string };
  /** Extra command-line flags, appended after the defaults (so they win over them). */
  args?: string[];
  /** Extra environment variables (merged over the test process's environment). */
  env?: Record<string, string>;
  /** Value of --log-level. Default 'warn' (the banner is printed at any level). */
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  /** How long to wait for "Listening on …". Default 20 s. */
  startupTimeoutMs?: number;
}

/** How a node process ended. */
export interface NodeExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running node process. */
export interface NodeProcess {
  /** `http://127.0.0.1:PORT`, parsed from the CLI's stdout. */
  url: string;
  /** The child process. */
  process: ChildProcess;
  /** The data directory, or undefined for an ephemeral node. */
  dataDir: string | undefined;
  /** Everything the process wrote to stdout / stderr so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited (never rejects). */
  exited: Promise<NodeExit>;
  /**
   * Sends `signal` (default SIGTERM) and waits for the exit. If the process has not exited after
   * `timeoutMs` (default 10 s) it is SIGKILLed and the promise rejects, with stderr in the message.
   */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<NodeExit>;
  /** SIGKILLs the process (no shutdown code runs) and waits for the exit. */
  kill9(): Promise<NodeExit>;
}

const running = new Set<NodeProcess>();
const temporaryDirectories = new Set<string>();
let exitHookInstalled = false;

/**
 * Creates an empty temporary directory for a node's data (removed by {@link cleanupNodeProcesses}).
 */
export function createTempDataDir(): string {
  const directory = mkdtempSync(join(tmpdir(), 'sequin-e2e-'));
  temporaryDirectories.add(directory);
  return directory;
}

/**
 * Spawns `node bin/sequin.js --port 0 --log-level warn (--ephemeral | --data-dir DIR) ...args`
 * and resolves once it prints its URL. Rejects (after killing the child) if the process exits
 * first or does not listen within the timeout; the error carries the captured stderr and stdout.
 */
export async function startNodeProcess(options: StartNodeProcessOptions = {}): Promise<NodeProcess> {
  if (!existsSync(BUILT_MAIN)) throw new Error(`${BUILT_MAIN} does not exist: run "npm run build" before the end-to-end tests`);
  installExitHook();
  const storage = options.storage ?? 'ephemeral';
  const dataDir = storage === 'ephemeral' ? undefined : storage === 'temp' ? createTempDataDir() : storage.dataDir;
  const args = [SEQUIN_BIN, '--port', '0', '--log-level', options.logLevel ?? 'warn'];
  args.push(...(dataDir === undefined ? ['--ephemeral'] : ['--data-dir', dataDir]), ...(options.args ?? []));
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<NodeExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // A spawn failure emits 'error' and, possibly, no 'exit'.
    child.once('error', (error) => {
      stderr += `\nspawn error: ${error.message}`;
      resolve({ code: null, signal: null });
    });
  });

  const describe = () => `\n--- stderr ---\n${stderr.trim()}\n--- stdout ---\n${stdout.trim()}`;
  const node: NodeProcess = {
    url: '',
    process: child,
    dataDir,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    stop: async (signal = 'SIGTERM', timeoutMs = 10_000) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([exited, new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)))]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`sequin did not exit within ${timeoutMs} ms of ${signal}; killed${describe()}`);
      }
      return outcome;
    },
    kill9: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
  running.add(node);
  void exited.then(() => running.delete(node));

  const timeoutMs = options.startupTimeoutMs ?? 20_000;
  let onData: ((chunk: string) => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    node.url = await new Promise<string>((resolve, reject) => {
      onData = () => {
        const match = LISTENING.exec(stdout);
        if (match) resolve(match[1]!);
      };
      child.stdout!.on('data', onData);
      onData('');
      exited.then(({ code, signal }) => reject(new Error(`sequin exited (code ${code}, signal ${signal}) before listening${describe()}`)));
      timer = setTimeout(() => reject(new Error(`sequin did not print "Listening on" within ${timeoutMs} ms${describe()}`)), timeoutMs);
    });
  } catch (error) {
    await node.kill9();
    throw error;
  } finally {
    clearTimeout(timer);
    if (onData) child.stdout!.off('data', onData);
  }
  return node;
}

/**
 * SIGKILLs every node process still running and deletes every temporary data directory.
 * Call it in `afterAll` of each test file that starts nodes.
 */
export async function cleanupNodeProcesses(): Promise<void> {
  await Promise.all([...running].map((node) => node.kill9()));
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
  temporaryDirectories.clear();
}

/**
 * Runs `node bin/sequin.js ...args` to completion (for --help and bad-flag checks), with a timeout.
 */
export function runSequinCommand(
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [SEQUIN_BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 15_000,
    killSignal: 'SIGKILL',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Last resort: a worker that exits (or crashes) takes its nodes with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const node of running) {
      try {
        node.process.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}
