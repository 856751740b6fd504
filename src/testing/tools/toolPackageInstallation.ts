/**
 * Installs a tool package of test/tools/ (its own package.json and lockfile, e.g. test/tools/hardhat
 * for Hardhat 3, test/tools/hardhat2 for Hardhat 2) into its node_modules on first use, for the
 * real-tool tests and the benchmark's peers alike:
 *
 *   ensureToolPackageInstalled(dir) ── every pinned devDependency at its version? ── yes ──▶ done
 *                                         │ no
 *                                         ▼
 *              lock dir (one install at a time across test workers) ▶ npm install --no-save --prefix dir
 *
 * A tool gets a package of its own when it would make the root `npm ci` depend on its quirks
 * (another Node version, native bindings, install scripts); each package.json says why.
 * `npm install` (not `npm ci`) honours the lockfile for everything it holds and tolerates platform
 * packages the registry here may lack; `--no-save` keeps it from writing package.json or the
 * lockfile, so a test run leaves the tracked files as they are. npm's output goes to stderr.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const INSTALL_TIMEOUT_MS = 240_000;

/** The exact versions `dir`/package.json pins. */
function pinnedVersions(dir: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  return manifest.devDependencies;
}

/** True when every package `dir` pins is installed at its pinned version (so a changed pin reinstalls). */
export function isToolPackageInstalled(dir: string): boolean {
  return Object.entries(pinnedVersions(dir)).every(([name, version]) => {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    return existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version === version;
  });
}

/** Runs `npm install --no-save --prefix dir` unless everything is already installed; `label` names it in the log line. */
export async function ensureToolPackageInstalled(dir: string, label: string): Promise<void> {
  if (isToolPackageInstalled(dir)) return;
  await withInstallLock(join(dir, 'node_modules.installing'), async () => {
    if (isToolPackageInstalled(dir)) return; // another worker installed it while we waited
    console.error(`Installing ${label} into test/tools/${basename(dir)}/node_modules (npm install --no-save --prefix test/tools/${basename(dir)})…`);
    await npmInstall(dir);
  });
}

function npmInstall(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['install', '--no-save', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error'], {
      stdio: ['ignore', process.stderr, process.stderr],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), INSTALL_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`npm install --no-save --prefix ${dir} could not start: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`npm install --no-save --prefix ${dir} failed (${signal ? `killed by ${signal}` : `exit ${code}`})`));
    });
  });
}

/**
 * Runs `work` holding the install lock: a directory created atomically, holding the owner's pid.
 * A lock whose owner is no longer alive (a killed run) is taken over.
 */
async function withInstallLock(lockDir: string, work: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + INSTALL_TIMEOUT_MS + 30_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!isLockOwnerAlive(lockDir)) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`gave up waiting for the install that holds ${lockDir}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function isLockOwnerAlive(lockDir: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
  } catch {
    return true; // the owner has created the directory but not yet written its pid
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
