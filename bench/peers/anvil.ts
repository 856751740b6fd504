/**
 * Anvil peer: Foundry's `anvil` from the root devDependency @foundry-rs/anvil-linux-amd64, with
 * the flags that mirror Sequin's dev chain (chain 31337, test mnemonic, 20 × 10000 ETH, 1 gwei
 * initial base fee) and its default automine (one block per transaction). `--silent` because
 * Anvil otherwise logs every request and Sequin runs at --log-level warn; a silent Anvil prints
 * no "Listening on" line, so it listens on a free loopback port chosen up front.
 */
import { ANVIL } from '../../src/testing/tools/toolPaths.js';
import { freePort } from '../lib/free-port.js';
import { spawnTracked, stopTracked } from '../lib/process.js';
import { now } from '../lib/time.js';
import { waitForChainId } from '../lib/wait-rpc.js';
import type { Peer } from './types.js';

const MNEMONIC = 'test test test test test test test test test test test junk';

export async function start(): Promise<Peer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', '31337', '--mnemonic', MNEMONIC, '--accounts', '20', '--balance', '10000'];
  args.push('--base-fee', '1000000000', '--silent');
  const t0 = now();
  const tracked = spawnTracked(ANVIL, args, { env: { ...process.env, NO_COLOR: '1' } });
  const stop = (): Promise<void> => stopTracked(tracked);
  try {
    const readyAt = await waitForChainId(url, tracked);
    return { name: 'Anvil', url, pid: tracked.child.pid!, startupMs: readyAt - t0, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
