/**
 * A full disk under load, against the real node process: its data directory sits on a small
 * tmpfs (mounting needs root; elsewhere this file is skipped and src/node/startNode.fullDisk.test.ts
 * proves the same with an injected ENOSPC). Once the filesystem is full:
 *   - every write is refused with -32000 `storage unavailable: no space left on device; …` (no -32603),
 *   - reads are served, /ready answers 503 with the reason, sub-blocks and blocks stop,
 *   - one error line says what happened, one warn line when space is back, and the node resumes by itself,
 *   - SIGTERM stops it within seconds even while full; a restart on the full disk is refused clearly,
 *   - after space is freed and a restart, every acknowledged transaction is there.
 */
import { closeSync, openSync, rmSync, statfsSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mountTmpfs } from '../../src/testing/mountTmpfs.js';
import { startRawTransactionLoad } from '../../src/testing/rawTransactionLoad.js';
import { cleanupNodeProcesses, runSequinCommand, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { pollUntil, rpcResult, sleep } from './helpers.js';
import { rpcBatch } from './transferLoad.js';

afterAll(cleanupNodeProcesses);

const REFUSED = '-32000 storage unavailable: no space left on device; the node accepts no writes until its storage recovers';

function freeBytes(path: string): number {
  const stats = statfsSync(path);
  return stats.bavail * stats.bsize;
}

/** Writes zeros to `file` until the filesystem has no room left. */
function fillUp(file: string): void {
  const handle = openSync(file, 'a');
  try {
    for (const chunk of [1024 * 1024, 4096, 512]) {
      const zeros = Buffer.alloc(chunk);
      try {
        for (;;) writeSync(handle, zeros);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(handle);
  }
}

async function readiness(url: string): Promise<{ status: number; body: { status: string; reason?: string } }> {
  const response = await fetch(`${url}/ready`);
  return { status: response.status, body: (await response.json()) as { status: string; reason?: string } };
}

describe('a full disk, real process on a small tmpfs', () => {
  it('refuses writes clearly, keeps serving reads, stops on SIGTERM, resumes by itself and loses nothing acknowledged', {
    timeout: 240_000,
  }, async (context) => {
    const disk = mountTmpfs(64);
    if (!disk) return context.skip('mounting a tmpfs needs root');
    try {
      const dataDir = join(disk.path, 'data');
      const ballast = join(disk.path, 'ballast');
      const node = await startNodeProcess({ storage: { dataDir }, args: ['--preconf-interval', '100', '--block-time', '1000'] });
      // Leave the node 6 MiB to fill by itself, under load.
      writeFileSync(ballast, Buffer.alloc(freeBytes(disk.path) - 6 * 1024 * 1024));
      const load = startRawTransactionLoad(node.url, { dataBytes: 2048 });

      await pollUntil(async () => load.errors.has(REFUSED), { timeoutMs: 120_000, intervalMs: 50, what: 'the disk to fill' });
      await sleep(1_000);
      // Refused, and only that: nothing reached a client as -32603 or a dropped connection.
      expect([...load.errors.keys()]).toEqual([REFUSED]);
      const full = await readiness(node.url);
      expect(full.status).toBe(503);
      expect(full.body.reason).toMatch(/^storage unavailable: no space left on device for \d+ s; writes are refused and sequencing is paused$/);
      expect((await fetch(`${node.url}/health`)).status).toBe(200);
      // Reads are served; the sequencer is paused (no sealed block for two block times).
      const head = await rpcResult<string>(node.url, 'eth_blockNumber');
      expect(BigInt(await rpcResult<string>(node.url, 'eth_getBalance', ['0x000000000000000000000000000000000000dEaD', 'pending']))).toBeGreaterThan(0n);
      await sleep(2_500);
      expect(await rpcResult<string>(node.url, 'eth_blockNumber')).toBe(head);
      const acknowledgedWhileFull = load.acknowledged.length;
      expect(acknowledgedWhileFull).toBeGreaterThan(0);

      // Space comes back: the node resumes by itself (its probe writes every second).
      rmSync(ballast);
      await pollUntil(async () => (await readiness(node.url)).status === 200, { timeoutMs: 15_000, intervalMs: 100, what: '/ready 200 again' });
      await pollUntil(async () => load.acknowledged.length > acknowledgedWhileFull + 20, { timeoutMs: 15_000, what: 'writes accepted again' });
      await pollUntil(async () => (await rpcResult<string>(node.url, 'eth_blockNumber')) !== head, { timeoutMs: 5_000, what: 'a new block' });

      // Full again, still under load: SIGTERM must stop it within seconds.
      fillUp(ballast);
      await pollUntil(async () => (await readiness(node.url)).status === 503, { timeoutMs: 15_000, intervalMs: 50, what: '/ready 503 again' });
      const stopping = performance.now();
      expect(await node.stop('SIGTERM', 10_000)).toEqual({ code: 0, signal: null });
      const stopMs = performance.now() - stopping;
      const { acknowledged } = await load.stop();
      context.annotate(`${acknowledged.length} acknowledged; SIGTERM while full stopped the node in ${Math.round(stopMs)} ms`);

      const lines = node
        .stderr()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: string; msg: string });
      expect(lines.filter(({ level }) => level === 'error').map(({ msg }) => msg.replace(/\(data dir .*?\)/, '(data dir …)'))).toEqual([
        'storage unavailable: no space left on device (data dir …): writes are refused and sequencing is paused; it resumes by itself once 8 MiB are free (checked every 1000 ms)',
        'storage unavailable: no space left on device (data dir …): writes are refused and sequencing is paused; it resumes by itself once 8 MiB are free (checked every 1000 ms)',
      ]);
      expect(lines.filter(({ level }) => level === 'warn').map(({ msg }) => msg)).toEqual([
        'storage writable again: writes are accepted and sequencing resumes',
      ]);
      expect(node.stderr()).not.toMatch(/Commit failed|Unhandled|uncaught/i);

      // A restart on the full disk is refused with the reason.
      const refused = runSequinCommand(['--port', '0', '--data-dir', dataDir]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`cannot use data directory ${dataDir}: no space left on device`);

      // Space back, restart: every acknowledged transaction is there (pre-confirmed, or sealed).
      rmSync(ballast);
      const restarted = await startNodeProcess({ storage: { dataDir } });
      await pollUntil(
        async () => {
          const receipts = await rpcBatch<unknown>(
            restarted.url,
            acknowledged.map((hash) => ['eth_getTransactionReceipt', [hash]]),
          );
          return receipts.every((receipt) => receipt !== null);
        },
        { timeoutMs: 30_000, intervalMs: 500, what: 'a receipt for every acknowledged transaction' },
      );
      await restarted.stop();
    } finally {
      await cleanupNodeProcesses();
      disk.unmount();
    }
  });
});
