/**
 * OpenZeppelin Contracts v5.6.1, the last release on Hardhat 2 (5,283 tests with ethers v6,
 * hardhat-ethers, hardhat-chai-matchers, hardhat-network-helpers and hardhat-predeploy), prepared
 * once in a work directory outside the repository and kept for later runs. No code of it is
 * committed: the source comes from a git repository of OpenZeppelin Contracts the user points at
 * (`SEQUIN_BENCH_OZ_REPO`, e.g. a `git clone https://github.com/OpenZeppelin/openzeppelin-contracts`),
 * its tag v5.6.1 extracted with `git archive`; its dependencies from npm (`npm ci --ignore-scripts`).
 *
 *   <tmp>/sequin-bench-openzeppelin-v5.6.1/
 *     (the project)             git archive v5.6.1
 *     node_modules/             npm ci --ignore-scripts (its own lockfile: Hardhat 2.28)
 *     .cache/hardhat-nodejs/    solc 0.8.31 for Hardhat's compiler cache, from npm `solc@0.8.31`
 *     artifacts/, cache/        hardhat compile (WebAssembly solc: ~20 minutes on this machine, once)
 *
 * Hardhat 2 downloads its compiler; here it finds it in its cache instead (XDG_CACHE_HOME points at
 * .cache): the native build is listed as not working, so Hardhat takes the WebAssembly build, which
 * is the npm package's soljson.js. The suite itself runs unmodified.
 *
 * The fork is Prague ({@link SUITE_FORK}), chosen with the project's own `EVM` variable: under its
 * default, Osaka, hardhat-ethers 3.0.9 on the `localhost` network sends every transaction with the
 * `hardhat` network's block gas limit (30M), above EIP-7825's 2^24 cap, so the suite's fixtures fail
 * on every node, `hardhat node` first. The contracts stay compiled for Osaka; only the P256 tests that
 * need the precompile then fail, on every node alike.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const OZ_TAG = 'v5.6.1';
/** The fork every node runs the suite under (see the module comment): the project's `EVM`, Sequin's and Anvil's `--hardfork`. */
export const SUITE_FORK = 'prague';
/** The compiler the tag's hardhat.config.js asks for, and its build (npm `solc@0.8.31` reports it). */
const SOLC_VERSION = '0.8.31';
const SOLC_BUILD = 'commit.fd3a2265';

/** A prepared OpenZeppelin Contracts project. */
export interface PreparedProject {
  dir: string;
  /** Environment for every `hardhat` command in it (the compiler cache, the fork). */
  env: Record<string, string>;
}

/** The repository to take the source from (SEQUIN_BENCH_OZ_REPO), or undefined when none is given. */
export function ozRepository(): string | undefined {
  return process.env.SEQUIN_BENCH_OZ_REPO || undefined;
}

/** Prepares (or finds prepared) the project; progress on stderr. Throws with what failed. */
export function prepareOpenZeppelin(repository: string): PreparedProject {
  const dir = path.join(tmpdir(), `sequin-bench-openzeppelin-${OZ_TAG}`);
  const env = { XDG_CACHE_HOME: path.join(dir, '.cache'), HARDHAT_DISABLE_TELEMETRY: 'true', NO_COLOR: '1', EVM: SUITE_FORK };
  const run = (command: string, args: string[], options: { cwd?: string; timeoutMs?: number } = {}) =>
    execFileSync(command, args, {
      cwd: options.cwd ?? dir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: options.timeoutMs ?? 600_000,
    });
  if (!existsSync(path.join(dir, 'hardhat.config.js'))) {
    console.error(`suite: extracting OpenZeppelin Contracts ${OZ_TAG} from ${repository} into ${dir}`);
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['-C', repository, 'archive', OZ_TAG], { maxBuffer: 256 * 2 ** 20 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
  }
  if (!existsSync(path.join(dir, 'node_modules', 'hardhat'))) {
    console.error('suite: npm ci --ignore-scripts (its own lockfile)');
    run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error']);
  }
  installCompiler(path.join(env.XDG_CACHE_HOME, 'hardhat-nodejs', 'compilers-v2'));
  if (!existsSync(path.join(dir, 'artifacts'))) {
    console.error(`suite: hardhat compile (solc ${SOLC_VERSION} as WebAssembly; long, once)`);
    run(path.join(dir, 'node_modules', '.bin', 'hardhat'), ['compile'], { timeoutMs: 3_600_000 });
  }
  return { dir, env };
}

/** Puts npm's solc 0.8.31 into Hardhat 2's compiler cache as the WebAssembly build, the native one marked as not working. */
function installCompiler(compilers: string): void {
  const longVersion = `${SOLC_VERSION}+${SOLC_BUILD}`;
  const wasm = path.join(compilers, 'wasm');
  const native = path.join(compilers, 'linux-amd64');
  const soljson = `soljson-v${longVersion}.js`;
  if (existsSync(path.join(wasm, soljson))) return;
  console.error(`suite: npm pack solc@${SOLC_VERSION} for Hardhat's compiler cache`);
  mkdirSync(wasm, { recursive: true });
  mkdirSync(native, { recursive: true });
  const scratch = mkdtempSync(path.join(tmpdir(), 'sequin-solc-'));
  try {
    execFileSync('npm', ['pack', `solc@${SOLC_VERSION}`, '--silent'], { cwd: scratch });
    const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'))!;
    execFileSync('tar', ['-xzf', tarball, 'package/soljson.js'], { cwd: scratch });
    copyFileSync(path.join(scratch, 'package', 'soljson.js'), path.join(wasm, soljson));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const list = (file: string) =>
    JSON.stringify({
      builds: [{ path: file, version: SOLC_VERSION, build: SOLC_BUILD, longVersion, keccak256: '0x', sha256: '0x', urls: [] }],
      releases: { [SOLC_VERSION]: file },
      latestRelease: SOLC_VERSION,
    });
  writeFileSync(path.join(wasm, 'list.json'), list(soljson));
  const nativeFile = `solc-linux-amd64-v${longVersion}`;
  writeFileSync(path.join(native, 'list.json'), list(nativeFile));
  writeFileSync(path.join(native, nativeFile), '');
  writeFileSync(path.join(native, `${nativeFile}.does.not.work`), '');
}
