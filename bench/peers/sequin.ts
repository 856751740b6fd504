/**
 * Sequin peer: `node bin/sequin.js --data-dir <temp dir> --port 0 --accounts 20 --log-level warn` from
 * the repo root (needs `npm run build` first, which `npm run bench` does). The OS picks the
 * port; Sequin announces it on stdout as `Listening on http://127.0.0.1:<port>`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tracked } from '../lib/process.js';
import { spawnTracked, stopTracked } from '../lib/process.js';
import { now } from '../lib/time.js';
import { waitForChainId } from '../lib/wait-rpc.js';
import type { Peer } from './types.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LISTENING = /Listening on (http:\/\/[^\s/]+)/;

/** Resolves with the URL from Sequin's "Listening on …" line; rejects on exit or timeout. */
function listeningUrl(tracked: Tracked, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => done(new Error(`no "Listening on" line within ${timeoutMs / 1000} s:\n${tracked.tail()}`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      buffered = (buffered + chunk.toString('utf8')).slice(-4096);
      const match = LISTENING.exec(buffered);
      if (match) done(undefined, match[1]!);
    };
    const onExit = (): void => done(new Error(`sequin exited before listening:\n${tracked.tail()}`));
    function done(error: Error | undefined, url?: string): void {
      clearTimeout(timer);
      tracked.child.stdout?.off('data', onData);
      tracked.child.off('exit', onExit);
      if (error) reject(error);
      else resolve(url!);
    }
    tracked.child.stdout?.on('data', onData);
    tracked.child.once('exit', onExit);
  });
}

/**
 * Starts Sequin with the peer flags above plus `extraArgs` (e.g. `--block-time 4000` for a
 * dedicated node); `nodeOptions` go to node itself (e.g. `--cpu-prof`). `root` is the checkout
 * whose build runs (default this one; bench/compareBuilds.ts runs another's beside it).
 */
export async function start(extraArgs: readonly string[] = [], nodeOptions: readonly string[] = [], root = REPO_ROOT): Promise<Peer> {
  if (!existsSync(path.join(root, 'dist/cli/main.js'))) {
    throw new Error('dist/ is missing: run `npm run build` (or `npm run bench`, which builds first)');
  }
  // The default storage (LMDB in a data directory), as `npm start` runs it, unless
  // SEQUIN_BENCH_STORAGE=memory asks for --ephemeral.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sequin-bench-'));
  const storage = process.env.SEQUIN_BENCH_STORAGE === 'memory' ? ['--ephemeral'] : ['--data-dir', dataDir];
  const nodeArgs = [...nodeOptions, ...(process.env.SEQUIN_BENCH_NODE_ARGS ? process.env.SEQUIN_BENCH_NODE_ARGS.split(' ') : [])];
  const args = [...nodeArgs, 'bin/sequin.js', ...storage, '--port', '0', '--accounts', '20', '--log-level', 'warn', ...extraArgs];
  const t0 = now();
  const tracked = spawnTracked(process.execPath, args, { cwd: root, env: process.env });
  const stop = async (): Promise<void> => {
    await stopTracked(tracked);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await listeningUrl(tracked, 60_000);
    const readyAt = await waitForChainId(url, tracked);
    return { name: 'Sequin', url, pid: tracked.child.pid!, startupMs: readyAt - t0, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
