/**
 * A full disk under load, with an injected ENOSPC at the storage layer (testing/FullDiskStorage.ts
 * under the node's storage guard) in a node started in-process and driven over real HTTP: the
 * proof that runs everywhere, also where a small tmpfs cannot be mounted (test/e2e/fullDisk.test.ts
 * does it with a real filesystem and the real process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountFromRLP } from '@ethereumjs/util';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultNodeConfig } from '../config/nodeConfig.js';
import { hexToBytes } from '../primitives/hex.js';
import { createLogger } from '../primitives/logger.js';
import { FullDiskStorage } from '../testing/FullDiskStorage.js';
import { startRawTransactionLoad } from '../testing/rawTransactionLoad.js';
import { verifyMerkleProof } from '../testing/verifyMerkleProof.js';
import { type SequinNode, startNode } from './startNode.js';

const REFUSED = '-32000 storage unavailable: no space left on device; the node accepts no writes until its storage recovers';
const dataDir = mkdtempSync(join(tmpdir(), 'sequin-full-disk-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function call<T>(url: string, method: string, params: unknown[] = []): Promise<{ result?: T; error?: { code: number; message: string } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result?: T; error?: { code: number; message: string } };
}

describe('startNode on a disk that fills up (injected ENOSPC)', () => {
  it('refuses writes with a clear error, pauses sequencing, reports 503, resumes once space is back, and stops while full', { timeout: 90_000 }, async () => {
    const lines: Array<{ level: string; msg: string }> = [];
    let disk: FullDiskStorage | undefined;
    const node: SequinNode = await startNode(
      { ...defaultNodeConfig(), ephemeral: false, dataDir, port: 0, preconfIntervalMs: 100, blockTimeMs: 1000 },
      {
        logger: createLogger('warn', { format: 'json', write: (line) => lines.push(JSON.parse(line)) }),
        wrapStorage: (storage) => {
          disk = new FullDiskStorage(storage, dataDir);
          return disk;
        },
      },
    );
    const ready = async () => (await fetch(`${node.url}/ready`)).status;
    const head = async () => (await call<string>(node.url, 'eth_blockNumber')).result;
    try {
      const load = startRawTransactionLoad(node.url, { senders: 6 });
      await until(() => load.acknowledged.length >= 100, '100 acknowledged transactions');
      disk!.full = true;
      await until(() => load.errors.has(REFUSED), 'a refused write');
      await sleep(500);
      expect([...load.errors.keys()]).toEqual([REFUSED]);
      expect(await ready()).toBe(503);
      expect(await (await fetch(`${node.url}/ready`)).json()).toEqual({
        status: 'not ready',
        reason: expect.stringMatching(/^storage unavailable: no space left on device for \d+ s; writes are refused and sequencing is paused$/),
      });
      // A dev-signed send takes the same path into the journal.
      const dev = await call(node.url, 'eth_sendTransaction', [{ from: node.accounts[9]!.address, to: node.accounts[8]!.address, value: '0x1' }]);
      expect(dev.error).toEqual({ code: -32000, message: REFUSED.slice('-32000 '.length) });
      // Reads are served; no sub-block, no seal while full.
      const headWhileFull = await head();
      expect((await call<string>(node.url, 'eth_getBalance', [node.accounts[0]!.address, 'latest'])).result).toMatch(/^0x/);
      await sleep(1_500);
      expect(await head()).toBe(headWhileFull);
      expect(disk!.refused).toBeGreaterThan(1);

      const acknowledgedWhileFull = load.acknowledged.length;
      disk!.full = false;
      await until(async () => (await ready()) === 200, '/ready 200 again');
      await until(() => load.acknowledged.length > acknowledgedWhileFull + 50, 'writes accepted again');
      await until(async () => (await head()) !== headWhileFull, 'a new block');
      const { acknowledged } = await load.stop();
      // Seals refused while full were redone from scratch: the sealed state root proves the balances.
      const sink = '0x000000000000000000000000000000000000dead';
      const latest = (await call<{ stateRoot: string; number: string }>(node.url, 'eth_getBlockByNumber', ['latest', false])).result!;
      const proof = (await call<{ accountProof: string[] }>(node.url, 'eth_getProof', [sink, [], latest.number])).result!;
      const proven = createAccountFromRLP(verifyMerkleProof(hexToBytes(latest.stateRoot), hexToBytes(sink), proof.accountProof.map(hexToBytes))!);
      expect(proven.balance).toBe(BigInt((await call<string>(node.url, 'eth_getBalance', [sink, latest.number])).result!));
      expect(proven.balance).toBeGreaterThan(0n);
      // Everything acknowledged is pre-confirmed (the pool drains once writes are accepted again).
      await until(
        async () => {
          for (const hash of acknowledged) if ((await call(node.url, 'eth_getTransactionReceipt', [hash])).result === null) return false;
          return true;
        },
        'a receipt for every acknowledged transaction',
        30_000,
      );

      expect(lines.map(({ level, msg }) => `${level}: ${msg}`)).toEqual([
        `error: storage unavailable: no space left on device (data dir ${dataDir}, 0 B free): writes are refused and sequencing is paused; it resumes by itself once 8 MiB are free (checked every 1000 ms)`,
        'warn: storage writable again: writes are accepted and sequencing resumes',
      ]);

      // Full again: stopping still works, within seconds.
      disk!.full = true;
      await call(node.url, 'eth_sendTransaction', [{ from: node.accounts[9]!.address, to: node.accounts[8]!.address, value: '0x1' }]);
      const stopping = performance.now();
      await node.stop();
      expect(performance.now() - stopping).toBeLessThan(5_000);
    } finally {
      await node.stop();
    }
  });
});
