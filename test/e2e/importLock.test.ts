/**
 * `sequin import` claims the data directory as a node does: run beside a node serving that
 * directory, it refuses with the node's "in use" message and writes nothing, instead of writing one
 * chain from two processes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { EXECUTION_APIS_TESTS } from '../../src/testing/startImportedChainNode.js';
import { cleanupNodeProcesses, createTempDataDir, runSequinCommand, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { rpcResult } from './helpers.js';

const GENESIS = new URL('genesis.json', EXECUTION_APIS_TESTS).pathname;
const CHAIN = new URL('chain.rlp', EXECUTION_APIS_TESTS).pathname;

afterAll(cleanupNodeProcesses);

describe('sequin import and a running node', () => {
  it('refuses to import into a data directory a node is serving, and the node serves on unchanged', { timeout: 120_000 }, async () => {
    const dataDir = createTempDataDir();
    // An empty chain from the genesis file: a rerun would import every block.
    const created = runSequinCommand(['import', '--data-dir', dataDir, '--genesis', GENESIS, '/dev/null'], { timeoutMs: 60_000 });
    expect(created.status, created.stderr).toBe(0);
    const node = await startNodeProcess({ storage: { dataDir }, args: ['--mining', 'manual'] });
    expect(await rpcResult(node.url, 'eth_blockNumber')).toBe('0x0');

    const refused = runSequinCommand(['import', '--data-dir', dataDir, '--genesis', GENESIS, CHAIN], { timeoutMs: 60_000 });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain(`data directory ${dataDir} is in use by another Sequin process (pid ${node.process.pid})`);
    expect(await rpcResult(node.url, 'eth_blockNumber')).toBe('0x0');
  });
});
