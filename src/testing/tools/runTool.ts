/**
 * Runs a command-line tool to completion and captures what a user would see: exit code, stdout
 * and stderr. A tool that outlives its timeout is SIGKILLed (with its whole process group, so
 * nothing it started lingers) and reported as `timedOut`, never left running.
 */
import { spawn } from 'node:child_process';

/** Options of {@link runTool}. */
export interface RunToolOptions {
  /** Working directory. Default: the test process's. */
  cwd?: string;
  /** Extra environment variables, merged over the test process's environment. */
  env?: Record<string, string>;
  /** Text written to the tool's stdin (stdin is closed either way). */
  input?: string;
  /** How long the tool may run. Default 60 s. */
  timeoutMs?: number;
}

/** How a tool run ended. */
export interface ToolResult {
  /** The command line, for messages. */
  command: string;
  /** Exit code, or null when a signal ended it. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** True when the timeout killed it. */
  timedOut: boolean;
  durationMs: number;
}

/** Runs `executable ...args`; resolves when it exits (it never rejects on a failing tool). */
export function runTool(executable: string, args: readonly string[], options: RunToolOptions = {}): Promise<ToolResult> {
  const command = [executable, ...args].join(' ');
  const startedAt = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, {
      cwd: options.cwd,
      // NO_COLOR keeps ANSI escapes out of the captured text.
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true, // own process group, so a timeout can kill the tool's children too
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.on('error', () => {}); // a tool that exits without reading stdin
    child.stdin.end(options.input ?? '');
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, options.timeoutMs ?? 60_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${command}: could not start: ${error.message}`));
    });
    child.once('close', (exitCode, signal) => {
      clearTimeout(timer);
      resolve({ command, exitCode, signal, stdout, stderr, timedOut, durationMs: Date.now() - startedAt });
    });
  });
}

/** SIGKILLs the process group led by `pid` (the tool and anything it spawned). */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The result as text for an assertion message: command, exit, then both streams. */
export function describeToolResult(result: ToolResult): string {
  const ending = result.timedOut ? `timed out after ${result.durationMs} ms` : `exit ${result.exitCode ?? result.signal}`;
  return `${result.command}\n→ ${ending}\n--- stdout ---\n${result.stdout.trim()}\n--- stderr ---\n${result.stderr.trim()}`;
}
