/**
 * The `sequin` command line: --help, bad flag values, SEQUIN_* environment variables, clean
 * shutdown on SIGTERM, and restarting on the same --data-dir.
 */
import { type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, runSequinCommand, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollReceipt, rpcResult, viemClients, waitForBlockAfter } from './helpers.js';

afterAll(cleanupNodeProcesses);

describe('sequin CLI', () => {
  it('--help exits 0 and lists every flag', () => {
    const { status, stdout } = runSequinCommand(['--help']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Sequin: /);
    for (const flag of [
      '--host',
      '--port',
      '--data-dir',
      '--ephemeral',
      '--chain-id',
      '--preconf-interval',
      '--block-time',
      '--block-gas-limit',
      '--mnemonic',
      '--accounts',
      '--log-level',
      '--help',
    ]) {
      expect(stdout, flag).toMatch(new RegExp(`^  ${flag}\\b`, 'm'));
    }
  });

  it.each([
    [['--port', 'abc'], '--port expects a whole number, got "abc"'],
    [['--block-time', '500'], '--block-time must be at least 1000 (ms)'],
    [['--log-level', 'loud'], '--log-level must be one of'],
    [['--txpool-price-bump', '0'], 'invalid configuration:\n  --txpool-price-bump must be at least 1 (percent), got 0'],
    [['--no-such-flag'], "Unknown option '--no-such-flag'"],
  ])('%j exits non-zero with a message', (args, message) => {
    const { status, stderr, stdout } = runSequinCommand(['--ephemeral', '--port', '0', ...args]);
    expect(status).not.toBe(0);
    expect(stderr).toContain(message);
    expect(stdout).not.toContain('Listening on');
  });

  it('startNodeProcess reports a node that exits or stalls at startup, with its stderr', async () => {
    await expect(startNodeProcess({ args: ['--block-time', '500'] })).rejects.toThrow(
      /sequin exited \(code 1, signal null\) before listening\n--- stderr ---\ninvalid configuration:\n {2}--block-time must be at least 1000/,
    );
    await expect(startNodeProcess({ startupTimeoutMs: 1 })).rejects.toThrow(/sequin did not print "Listening on" within 1 ms/);
  });

  it('reads SEQUIN_CHAIN_ID from the environment (a flag still wins)', async () => {
    const fromEnvironment = await startNodeProcess({ env: { SEQUIN_CHAIN_ID: '4242' } });
    expect(await rpcResult(fromEnvironment.url, 'eth_chainId')).toBe('0x1092');
    expect(fromEnvironment.stdout()).toContain('chain id 4242');
    await fromEnvironment.stop();
    const flagWins = await startNodeProcess({ env: { SEQUIN_CHAIN_ID: '4242' }, args: ['--chain-id', '77'] });
    expect(await rpcResult(flagWins.url, 'eth_chainId')).toBe('0x4d');
    await flagWins.stop();
  });

  it('exits 0 promptly on SIGTERM (and on SIGINT)', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const node = await startNodeProcess({ storage: 'temp' });
      const { walletClient } = viemClients(node.url);
      await pollReceipt(node.url, await walletClient.sendTransaction({ to: DEV_ACCOUNTS[1]!.address, value: 1n }));
      const startedAt = performance.now();
      const exit = await node.stop(signal, 5_000);
      expect(exit, node.stderr()).toEqual({ code: 0, signal: null });
      expect(performance.now() - startedAt).toBeLessThan(3_000);
    }
  });

  it('keeps the chain when restarted on the same --data-dir', async () => {
    const first = await startNodeProcess({ storage: 'temp' });
    const dataDir = first.dataDir!;
    const { walletClient } = viemClients(first.url);
    const recipient = privateKeyToAddress(generatePrivateKey());
    const hash = await walletClient.sendTransaction({ to: recipient, value: parseEther('3') });
    const receipt = await pollReceipt(first.url, hash);
    await waitForBlockAfter(first.url, receipt.blockNumber - 1n);
    const head = BigInt(await rpcResult<Hex>(first.url, 'eth_blockNumber'));
    const sealed = await rpcResult<{ hash: Hex }>(first.url, 'eth_getBlockByNumber', [`0x${receipt.blockNumber.toString(16)}`, false]);
    const senderBalance = await rpcResult<Hex>(first.url, 'eth_getBalance', [DEV_ACCOUNTS[0]!.address, 'latest']);
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    // The directory belongs to chain 31337: another chain id is refused, and nothing is touched.
    await expect(startNodeProcess({ storage: { dataDir }, args: ['--chain-id', '5'] })).rejects.toThrow(
      'the data directory holds chain id 31337, not 5; use another --data-dir or the matching --chain-id',
    );

    const second = await startNodeProcess({ storage: { dataDir } });
    expect(second.stdout()).toContain(`LMDB in ${dataDir}`);
    expect(BigInt(await rpcResult<Hex>(second.url, 'eth_blockNumber'))).toBeGreaterThanOrEqual(head);
    expect(await rpcResult(second.url, 'eth_getBlockByNumber', [`0x${receipt.blockNumber.toString(16)}`, false])).toMatchObject({ hash: sealed.hash });
    expect(await rpcResult(second.url, 'eth_getBalance', [recipient, 'latest'])).toBe(`0x${parseEther('3').toString(16)}`);
    expect(await rpcResult(second.url, 'eth_getBalance', [DEV_ACCOUNTS[0]!.address, 'latest'])).toBe(senderBalance);
    expect(await rpcResult(second.url, 'eth_getTransactionReceipt', [hash])).toMatchObject({ transactionHash: hash, blockHash: sealed.hash, status: '0x1' });
    expect(await rpcResult(second.url, 'eth_getTransactionCount', [DEV_ACCOUNTS[0]!.address, 'pending'])).toBe('0x1');

    // The chain goes on: new blocks, and new txs with the next nonce.
    const { walletClient: again } = viemClients(second.url);
    const next = await pollReceipt(second.url, await again.sendTransaction({ to: recipient, value: 1n }));
    expect(next.status).toBe('success');
    expect(next.blockNumber).toBeGreaterThan(head);
    await waitForBlockAfter(second.url, next.blockNumber - 1n);
    await second.stop();
  });
});
