/**
 * Starts a `hardhat node` on a free loopback port: Hardhat 3's (EDR) as a chain to fork in tests and
 * the benchmark's peer, or Hardhat 2's in a project directory (the peer the Hardhat 2 project and
 * the bench's third-party suite are run against):
 *
 *   startHardhatNode()          ──spawn──▶ node22 hardhat --config test/tools/hardhat/hardhat.config.js node --port P
 *   startHardhat2Node(project)  ──spawn──▶ node hardhat node --port P   (in `project`, with its `hardhat` network)
 *        ▲                              (chain 31337, the "test … junk" accounts, automine)
 *        └── { url, stop } ◀── once eth_chainId answers
 *
 * Hardhat is installed on first use (hardhatInstallation.ts). Every started node is tracked: call
 * {@link cleanupHardhatNodes} in `afterAll`; the ones still alive when the worker exits are SIGKILLed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ensureHardhat2Installed, ensureHardhatInstalled } from './hardhatInstallation.js';
import { HARDHAT_CLI, HARDHAT_TOOLS_DIR, HARDHAT2_CLI, NODE22 } from './toolPaths.js';

/** A running `hardhat node`. */
export interface HardhatNode {
  url: string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Installs Hardhat 3 if needed, starts its `hardhat node`, and resolves once it answers eth_chainId (within
 * `startupTimeoutMs`, default 60 s). `chainType: 'op'` runs Hardhat's OP Stack chain (hardhat.op.config.js).
 */
export async function startHardhatNode(options: { startupTimeoutMs?: number; chainType?: 'l1' | 'op' } = {}): Promise<HardhatNode> {
  await ensureHardhatInstalled();
  const config = join(HARDHAT_TOOLS_DIR, options.chainType === 'op' ? 'hardhat.op.config.js' : 'hardhat.config.js');
  return launch(NODE22, [HARDHAT_CLI, '--config', config, 'node'], HARDHAT_TOOLS_DIR, options.startupTimeoutMs);
}

/**
 * Installs Hardhat 2 if needed and starts its `hardhat node` in `projectDir` (a Hardhat 2 project whose
 * node_modules holds it, see copyHardhat2Project): the node runs the project's `hardhat` network.
 */
export async function startHardhat2Node(projectDir: string, options: { startupTimeoutMs?: number } = {}): Promise<HardhatNode> {
  await ensureHardhat2Installed();
  return launch(process.execPath, [HARDHAT2_CLI, 'node'], projectDir, options.startupTimeoutMs);
}

/** Spawns `executable ...args --port P --hostname 127.0.0.1` in `cwd` and waits until it answers. */
async function launch(executable: string, args: readonly string[], cwd: string, startupTimeoutMs = 60_000): Promise<HardhatNode> {
  installExitHook();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(executable, [...args, '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: 'true', NO_COLOR: '1' },
  });
  running.add(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve())).then(() => running.delete(child));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + startupTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited before answering:\n${stderr}`);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`hardhat node did not answer eth_chainId in time:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // `hardhat node` logs every request; nobody reads it here.
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":1,"method":"hardhat_setLoggingEnabled","params":[false]}',
  });
  return { url, stop };
}

/** SIGKILLs every Hardhat node still running. */
export async function cleanupHardhatNodes(): Promise<void> {
  const exits = [...running].map(
    (child) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()))),
  );
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(exits);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}
