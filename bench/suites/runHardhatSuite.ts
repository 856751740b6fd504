/**
 * One run of a Hardhat 2 project's test suite, unmodified, against the node on 127.0.0.1:8545:
 * `hardhat test --network localhost --no-compile [files]` in the project, timed from spawn to exit, with
 * mocha's counts read from its summary. The whole output goes to a log file beside the project.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';

/** What a suite run produced. */
export interface SuiteRun {
  passing: number;
  failing: number;
  pending: number;
  /** Spawn to exit, in seconds. */
  wallSeconds: number;
  /** Mocha's own figure, time inside the tests, as it printed it ("2m", "9s"; undefined when it printed none): over a minute it rounds to whole minutes, so it is not turned into seconds. */
  testTime: string | undefined;
  exitCode: number | null;
  log: string;
}

/**
 * Runs the suite in `projectDir` with `env` (only `testFiles`, paths inside the project, when given);
 * `label` names its log file. Never rejects for a failing suite.
 */
export function runHardhatSuite(
  projectDir: string,
  env: Record<string, string>,
  label: string,
  timeoutMs: number,
  testFiles: readonly string[] = [],
): Promise<SuiteRun> {
  const log = path.join(path.dirname(projectDir), `${path.basename(projectDir)}-${label}.log`);
  const output = createWriteStream(log);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(projectDir, 'node_modules', '.bin', 'hardhat'), ['test', '--network', 'localhost', '--no-compile', ...testFiles], {
      cwd: projectDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const keep = (chunk: Buffer) => output.write(chunk);
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      keep(Buffer.from(`\n[suite] killed after ${timeoutMs / 1000} s\n`));
      process.kill(-child.pid!, 'SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (exitCode) => {
      clearTimeout(timer);
      const wallSeconds = (performance.now() - started) / 1000;
      // Mocha's summary comes before the failures' details, which can run to megabytes: the whole log is read.
      output.end(() => resolve(summarise(readFileSync(log, 'utf8'), { wallSeconds, exitCode, log })));
    });
  });
}

/** Mocha's counts and its own time from the run's whole output. */
function summarise(output: string, run: Pick<SuiteRun, 'wallSeconds' | 'exitCode' | 'log'>): SuiteRun {
  const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}`, 'm').exec(output)?.[1] ?? 0);
  const testTime = /^\s*\d+ passing \((\d+(?:m|s|ms))\)/m.exec(output)?.[1];
  return { passing: count('passing'), failing: count('failing'), pending: count('pending'), testTime, ...run };
}
