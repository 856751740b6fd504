/**
 * The nodes a Hardhat test suite is run against, each on 127.0.0.1:8545 (Hardhat 2's `localhost`
 * network, which a suite run unmodified cannot point elsewhere), one at a time:
 *
 *   hardhat node   the project's own Hardhat 2 (`hardhat node`, its `hardhat` network config)
 *   Sequin         `sequin --mining instant --accounts 20 --balance 10000 --disable-code-size-limit
 *                  --hardfork F` in a fresh data directory (SEQUIN_BENCH_STORAGE=memory: --ephemeral)
 *   Anvil          `anvil --accounts 20 --balance 10000 --disable-code-size-limit --hardfork F`
 *
 * F is the fork the project's config gives `hardhat node` (openzeppelinProject.ts SUITE_FORK).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANVIL, REPO_ROOT } from '../../src/testing/tools/toolPaths.js';
import { spawnTracked, stopTracked } from '../lib/process.js';
import { waitForChainId } from '../lib/wait-rpc.js';

export const SUITE_PORT = 8545;
/** Where a node stands behind the request timer (`--suite-requests`), which takes the suite's port. */
export const TIMED_NODE_PORT = 8546;

/** A node a suite runs against. */
export interface SuiteNode {
  name: string;
  /** The command line, for the report. */
  command: string;
  stop(): Promise<void>;
}

export type SuiteNodeKey = 'hardhat' | 'sequin' | 'anvil';

/**
 * Starts node `key` on `port` (default 8545; another one behind the request timer) for the project
 * in `projectDir`; rejects when the port is taken or the node does not answer.
 */
export async function startSuiteNode(
  key: SuiteNodeKey,
  projectDir: string,
  env: Record<string, string>,
  fork: string,
  onPort = SUITE_PORT,
): Promise<SuiteNode> {
  await assertPortFree(onPort);
  const port = String(onPort);
  const accounts = ['--accounts', '20', '--balance', '10000', '--disable-code-size-limit', '--hardfork', fork];
  let launch: { name: string; executable: string; args: string[]; cwd: string; cleanup?: () => void };
  if (key === 'hardhat') {
    launch = { name: 'hardhat node', executable: path.join(projectDir, 'node_modules', '.bin', 'hardhat'), args: ['node', '--port', port], cwd: projectDir };
  } else if (key === 'anvil') {
    launch = { name: 'Anvil', executable: ANVIL, args: ['--port', port, ...accounts, '--silent'], cwd: projectDir };
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sequin-suite-'));
    const storage = process.env.SEQUIN_BENCH_STORAGE === 'memory' ? ['--ephemeral'] : ['--data-dir', dataDir];
    launch = {
      name: 'Sequin',
      executable: process.execPath,
      args: ['bin/sequin.js', ...storage, '--port', port, '--mining', 'instant', ...accounts, '--log-level', 'warn'],
      cwd: REPO_ROOT,
      cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const tracked = spawnTracked(launch.executable, launch.args, { cwd: launch.cwd, env: { ...process.env, ...env } });
  const stop = async () => {
    await stopTracked(tracked);
    launch.cleanup?.();
  };
  try {
    await waitForChainId(`http://127.0.0.1:${onPort}`, tracked, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const command = [path.basename(launch.executable) === 'node' ? 'node' : path.basename(launch.executable), ...launch.args].join(' ');
  return { name: launch.name, command, stop };
}

/** Throws when something already listens on 127.0.0.1:`port` (the suite would test that instead). */
export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', () => reject(new Error(`127.0.0.1:${port} is in use: stop what listens there (the suite's localhost network needs it)`)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}
