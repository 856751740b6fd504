/**
 * Hardhat 3 peer: `hardhat node` from test/tools/hardhat/node_modules (the Hardhat the real-tool
 * tests use, installed on first use), run on the Node 22 binary installed beside it, with
 * test/tools/hardhat/hardhat.config.js (chain 31337, test mnemonic, 20 × 10000 ETH, automine).
 * Listens on a free loopback port chosen up front.
 */
import path from 'node:path';
import { ensureHardhatInstalled } from '../../src/testing/tools/hardhatInstallation.js';
import { HARDHAT_CLI, HARDHAT_TOOLS_DIR, NODE22 } from '../../src/testing/tools/toolPaths.js';
import { freePort } from '../lib/free-port.js';
import { spawnTracked, stopTracked } from '../lib/process.js';
import { RpcClient } from '../lib/rpc.js';
import { now } from '../lib/time.js';
import { waitForChainId } from '../lib/wait-rpc.js';
import type { Peer } from './types.js';

const HARDHAT_CONFIG = path.join(HARDHAT_TOOLS_DIR, 'hardhat.config.js');

export async function start(): Promise<Peer> {
  await ensureHardhatInstalled();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [HARDHAT_CLI, '--config', HARDHAT_CONFIG, 'node', '--port', String(port), '--hostname', '127.0.0.1'];
  const t0 = now();
  const tracked = spawnTracked(NODE22, args, {
    cwd: HARDHAT_TOOLS_DIR,
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
