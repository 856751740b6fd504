import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keccak256 } from '../../primitives/keccak.js';
import { ForkStateReader } from './ForkStateReader.js';
import { SyncRemote } from './SyncRemote.js';

const CONTRACT = 'aa'.repeat(20);
const CODE = '0x6080604052';
const SLOT = `${'00'.repeat(31)}07`;

/**
 * A remote with one contract (balance 5, nonce 1, code, slot 7 = 0x2a) and nothing else, counting
 * HTTP requests. It runs in a thread of its own: SyncRemote blocks the thread that reads.
 */
const REMOTE_SOURCE = `
const { createServer } = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const count = new Int32Array(workerData.counter);
const { CONTRACT, CODE, SLOT } = workerData;
const server = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => { text += chunk; });
  request.on('end', () => {
    Atomics.add(count, 0, 1);
    const body = JSON.parse(text);
    const answer = (call) => {
      const isContract = call.params[0] === '0x' + CONTRACT;
      const results = {
        eth_getBalance: isContract ? '0x5' : '0x0',
        eth_getTransactionCount: isContract ? '0x1' : '0x0',
        eth_getCode: isContract ? CODE : '0x',
        eth_getStorageAt: isContract && call.params[1] === '0x' + SLOT ? '0x' + '00'.repeat(31) + '2a' : '0x' + '00'.repeat(32),
      };
      return { jsonrpc: '2.0', id: call.id, result: results[call.method] };
    };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;
const counter = new Int32Array(new SharedArrayBuffer(4));
let remoteThread: Worker;
let url: string;
let cacheDir: string;
const requests = () => Atomics.load(counter, 0);

beforeAll(async () => {
  remoteThread = new Worker(REMOTE_SOURCE, { eval: true, workerData: { counter: counter.buffer, CONTRACT, CODE, SLOT } });
  const port = await new Promise<number>((resolve) => remoteThread.once('message', resolve));
  url = `http://127.0.0.1:${port}`;
  cacheDir = mkdtempSync(join(tmpdir(), 'sequin-fork-cache-'));
});

afterAll(async () => {
  await remoteThread.terminate();
  rmSync(cacheDir, { recursive: true, force: true });
});

function openRemote(cachePath: string | undefined): SyncRemote {
  return new SyncRemote({ url, remote: url, retries: 0, timeoutMs: 10_000, requestsPerSecond: 0, cachePath, forkKey: '0xfork' });
}

describe('ForkStateReader over SyncRemote', () => {
  it("reads the remote's accounts, storage and code at the fork block, one round trip per account", () => {
    const remote = openRemote(undefined);
    try {
      const state = new ForkStateReader(remote, 9n);
      const before = requests();
      const account = state.account(CONTRACT)!;
      expect(requests() - before).toBe(1);
      expect([account.balance, account.nonce]).toEqual([5n, 1n]);
      expect(Buffer.from(account.codeHash)).toEqual(Buffer.from(keccak256(Buffer.from(CODE.slice(2), 'hex'))));
      expect(Buffer.from(state.code(Buffer.from(account.codeHash).toString('hex'))).toString('hex')).toBe(CODE.slice(2));
      expect(Buffer.from(state.storage(CONTRACT, SLOT)).toString('hex')).toBe('2a');
      expect(state.storage(CONTRACT, '00'.repeat(32))).toHaveLength(0);
      expect(state.account('bb'.repeat(20))).toBeUndefined();
      // Warm: answered from memory.
      const warm = requests();
      state.account(CONTRACT);
      state.storage(CONTRACT, SLOT);
      expect(requests()).toBe(warm);
    } finally {
      void remote.close();
    }
  });

  it('keeps what it fetched on disk: a new process on the same cache asks nothing again', async () => {
    const cachePath = join(cacheDir, 'fork-cache.mdb');
    const first = openRemote(cachePath);
    const firstState = new ForkStateReader(first, 9n);
    const account = firstState.account(CONTRACT)!;
    firstState.storage(CONTRACT, SLOT);
    await first.close();

    const before = requests();
    const second = openRemote(cachePath);
    try {
      const state = new ForkStateReader(second, 9n);
      expect(state.account(CONTRACT)!.serialize()).toEqual(account.serialize());
      expect(Buffer.from(state.storage(CONTRACT, SLOT)).toString('hex')).toBe('2a');
      expect(Buffer.from(state.code(Buffer.from(account.codeHash).toString('hex'))).toString('hex')).toBe(CODE.slice(2));
      expect(requests()).toBe(before);
      expect(second.requestCount()).toBe(0);
    } finally {
      await second.close();
    }
  });
});
