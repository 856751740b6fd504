/**
 * Starts Foundry's Anvil (the npm-installed binary) on an ephemeral port, as the reference a
 * "drop-in for Anvil" is checked against:
 *
 *   startAnvil() ──spawn──▶ anvil --port 0 …args      (chain 31337, the "test … junk" accounts, automine)
 *        ▲                       │ stdout: "Listening on 127.0.0.1:PORT"
 *        └── { url, process, stop } ◀┘
 *
 * Every started Anvil is tracked: call {@link cleanupAnvilProcesses} in `afterAll`; as a last
 * resort the ones still alive when the test worker exits are SIGKILLed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { ANVIL } from './toolPaths.js';

/** Options of {@link startAnvil}. */
export interface StartAnvilOptions {
  /** Extra command-line flags (e.g. `['--block-time', '2']`). */
  args?: string[];
  /** How long to wait for "Listening on …". Default 20 s. */
  startupTimeoutMs?: number;
}

/** A running Anvil. */
export interface AnvilProcess {
  /** `http://127.0.0.1:PORT`, parsed from Anvil's stdout. */
  url: string;
  process: ChildProcess;
  /** Everything Anvil wrote so far (it logs each RPC method it serves). */
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then SIGKILL if it has not exited after `timeoutMs` (default 5 s). */
  stop(timeoutMs?: number): Promise<void>;
}

const LISTENING = /Listening on (\S+:\d+)/;
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Spawns `anvil --port 0 ...args` and resolves once it listens; rejects (after killing it) if it exits or times out first. */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilProcess> {
  installExitHook();
  const child = spawn(ANVIL, ['--port', '0', ...(options.args ?? [])], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      stderr += `\nspawn error: ${error.message}`;
      resolve();
    });
  }).then(() => {
    running.delete(child);
  });
  const isAlive = () => child.exitCode === null && child.signalCode === null;
  const stop = async (timeoutMs = 5_000): Promise<void> => {
    if (isAlive()) child.kill('SIGTERM');
    const timer = setTimeout(() => isAlive() && child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  };

  const describe = () => `\n--- stderr ---\n${stderr.trim()}\n--- stdout ---\n${stdout.trim()}`;
  const timeoutMs = options.startupTimeoutMs ?? 20_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    const address = await new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = LISTENING.exec(stdout);
        if (match) resolve(match[1]!);
      };
      child.stdout.on('data', check);
      void exited.then(() => reject(new Error(`anvil exited before listening${describe()}`)));
      timer = setTimeout(() => reject(new Error(`anvil did not print "Listening on" within ${timeoutMs} ms${describe()}`)), timeoutMs);
    });
    return { url: `http://${address}`, process: child, stdout: () => stdout, stderr: () => stderr, stop };
  } catch (error) {
    await stop(0);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** SIGKILLs every Anvil still running. Call it in `afterAll` of each test file that starts Anvil. */
export async function cleanupAnvilProcesses(): Promise<void> {
  const exits = [...running].map(
    (child) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()))),
  );
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(exits);
}

/** Last resort: a worker that exits (or crashes) takes its Anvils with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) {
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}
