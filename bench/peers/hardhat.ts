/**
 * Hardhat 3 peer: `hardhat node` from bench/node_modules, run on the Node 22 binary that
 * bench/package.json installs, with bench/hardhat/hardhat.config.js (chain 31337, test
 * mnemonic, 20 × 10000 ETH, automine). Listens on a free loopback port chosen up front.
 */
import net from 'node:net';
import { BENCH_DIR, ensureHardhatInstalled, HARDHAT_CLI, HARDHAT_CONFIG, NODE22 } from '../install.js';
import { spawnTracked, stopTracked } from '../lib/process.js';
import { RpcClient } from '../lib/rpc.js';
import { now } from '../lib/time.js';
import { waitForChainId } from '../lib/wait-rpc.js';
import type { Peer } from './types.js';

/** A TCP port that was free on 127.0.0.1 a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function start(): Promise<Peer> {
  ensureHardhatInstalled();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [HARDHAT_CLI, '--config', HARDHAT_CONFIG, 'node', '--port', String(port), '--hostname', '127.0.0.1'];
  const t0 = now();
  const tracked = spawnTracked(NODE22, args, {
    cwd: BENCH_DIR,
    // Non-TTY stdout already disables telemetry and the banner fetch; this makes it explicit.
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: 'true', NO_COLOR: '1' },
  });
  const stop = (): Promise<void> => stopTracked(tracked);
  try {
    const readyAt = await waitForChainId(url, tracked);
    // `hardhat node` turns on per-request console logging; Sequin runs at --log-level warn,
    // so switch it off to compare the nodes rather than their loggers.
    const rpc = new RpcClient(url, { maxSockets: 1 });
    await rpc.call('hardhat_setLoggingEnabled', [false]).finally(() => rpc.close());
    return { name: 'Hardhat 3', url, pid: tracked.child.pid!, startupMs: readyAt - t0, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
