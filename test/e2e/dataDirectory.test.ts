/**
 * The data directory against the real process: one node per directory (a Unix-socket lock the
 * kernel releases when the process dies — after kill -9 a new node starts at once, even while the
 * killed one is an unreaped zombie, and a stale pid naming a live unrelated process is ignored),
 * `sequin keys` beside a running node, and clear messages for directories a node cannot use.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mountTmpfs } from '../../src/testing/mountTmpfs.js';
import { cleanupNodeProcesses, createTempDataDir, runSequinCommand, SEQUIN_BIN, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { pollUntil, rpcResult, signTransfer } from './helpers.js';

afterAll(cleanupNodeProcesses);

function processState(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
  } catch {
    return undefined;
  }
}

describe('one node per data directory', () => {
  it('refuses a second node on a directory in use, naming the holder', { timeout: 60_000 }, async () => {
    const first = await startNodeProcess({ storage: 'temp' });
    const second = runSequinCommand(['--port', '0', '--data-dir', first.dataDir!]);
    expect(second.status).toBe(1);
    expect(second.stderr.trim()).toBe(
      `data directory ${first.dataDir} is in use by another Sequin process (pid ${first.process.pid}); stop it or use another --data-dir`,
    );
    // The refused start left the holder's lock alone: a third try is refused too, and the first still serves.
    expect(runSequinCommand(['--port', '0', '--data-dir', first.dataDir!]).status).toBe(1);
    await rpcResult(first.url, 'eth_blockNumber');
    // `sequin keys` works beside it (it takes no lock).
    const created = runSequinCommand(['keys', 'create', '--name', 'beside', '--data-dir', first.dataDir!]);
    expect(created.status).toBe(0);
    expect(runSequinCommand(['keys', 'list', '--data-dir', first.dataDir!]).stdout).toContain('beside');
    await first.stop();
  });

  it('starts again at once after kill -9, with the chain where it was', { timeout: 60_000 }, async () => {
    const node = await startNodeProcess({ storage: 'temp' });
    const hash = await rpcResult<string>(node.url, 'eth_sendRawTransaction', [await signTransfer(0, 0)]);
    await pollUntil(async () => (await rpcResult(node.url, 'eth_getTransactionReceipt', [hash])) !== null, { what: 'the receipt' });
    await node.kill9();
    const again = await startNodeProcess({ storage: { dataDir: node.dataDir! } });
    expect(await rpcResult(again.url, 'eth_getTransactionReceipt', [hash])).not.toBeNull();
    await again.stop();
  });

  it.skipIf(process.platform !== 'linux')(
    'starts again after kill -9 while the killed node is still a zombie (its parent has not reaped it)',
    { timeout: 60_000 },
    async () => {
      const dataDir = createTempDataDir();
      // The node's parent execs into `sleep`, which never reaps it: once killed, it stays a zombie.
      const parent = spawn('sh', ['-c', '"$@" & echo "pid=$!"; exec sleep 60', 'sh', process.execPath, SEQUIN_BIN, '--port', '0', '--data-dir', dataDir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        let output = '';
        parent.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const url = await pollUntil(async () => /Listening on (\S+)/.exec(output)?.[1], { timeoutMs: 20_000, what: 'the node to listen' });
        const pid = Number(/pid=(\d+)/.exec(output)![1]);
        await rpcResult(url, 'eth_blockNumber');
        process.kill(pid, 'SIGKILL');
        await pollUntil(async () => processState(pid) === 'Z', { what: 'the killed node to be a zombie' });
        const again = await startNodeProcess({ storage: { dataDir } });
        expect(processState(pid)).toBe('Z');
        await rpcResult(again.url, 'eth_blockNumber');
        await again.stop();
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );

  it('ignores a pid file of an earlier version that names a live process which is no node (a recycled pid)', { timeout: 60_000 }, async () => {
    const dataDir = createTempDataDir();
    writeFileSync(join(dataDir, 'sequin.pid'), String(process.pid));
    const node = await startNodeProcess({ storage: { dataDir } });
    expect(existsSync(join(dataDir, 'sequin.pid'))).toBe(false);
    await node.stop();
  });
});

describe('data directories a node cannot use are named, with what is wrong and what to do', () => {
  it('a file', () => {
    const file = join(createTempDataDir(), 'not-a-directory');
    writeFileSync(file, '');
    const run = runSequinCommand(['--port', '0', '--data-dir', file]);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(`cannot use data directory ${file}: it is a file, not a directory; choose another --data-dir`);
  });

  it('a read-only file system (not "ENOENT … mkdir")', (context) => {
    const readOnly = mountTmpfs(1, { readOnly: true });
    if (!readOnly) return context.skip('mounting a tmpfs needs root');
    try {
      const dataDir = join(readOnly.path, 'data');
      const run = runSequinCommand(['--port', '0', '--data-dir', dataDir]);
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(
        `cannot use data directory ${dataDir}: its parent ${readOnly.path} (where it would be created) is on a read-only file system; remount it read-write or choose another --data-dir`,
      );
    } finally {
      readOnly.unmount();
    }
  });

  it('the data of another chain', { timeout: 60_000 }, async () => {
    const node = await startNodeProcess({ storage: 'temp' });
    await node.stop();
    const run = runSequinCommand(['--port', '0', '--data-dir', node.dataDir!, '--chain-id', '8453']);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('the data directory holds chain id 31337, not 8453; use another --data-dir or the matching --chain-id');
  });
});
