/**
 * Mining, time and snapshots through viem's test client in Anvil mode (`createTestClient({ mode:
 * 'anvil' })`), against the real node process: mine, snapshot/revert across blocks, increaseTime
 * and setNextBlockTimestamp, setAutomine and setIntervalMining; a revert survives kill -9; and
 * these methods are dedicated-tier only.
 */
import { createPublicClient, createTestClient, createWalletClient, type Hex, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, postRaw, rpc, rpcResult, sequinChain } from './helpers.js';

afterAll(cleanupNodeProcesses);

/** viem's public, wallet and test clients for `node`, without caching, so every read asks the node. */
function clients(node: NodeProcess, account = 0) {
  const chain = sequinChain(node.url);
  const transport = http(node.url, { retryCount: 0 });
  return {
    publicClient: createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 50 }),
    walletClient: createWalletClient({ chain, transport, account: DEV_ACCOUNTS[account]!, cacheTime: 0, pollingInterval: 50 }),
    testClient: createTestClient({ chain, transport, mode: 'anvil', cacheTime: 0, pollingInterval: 50 }),
  };
}

describe('viem test actions (mode: anvil)', () => {
  it('mine: blocks with the given interval between their timestamps', async () => {
    const node = await startNodeProcess({ args: ['--mining', 'instant'] });
    const { publicClient, testClient } = clients(node);
    const before = await publicClient.getBlock();
    await testClient.mine({ blocks: 3, interval: 10 });
    const after = await publicClient.getBlock();
    expect(after.number).toBe(before.number + 3n);
    const blocks = await Promise.all([1n, 2n, 3n].map((offset) => publicClient.getBlock({ blockNumber: before.number + offset })));
    expect(blocks[1]!.timestamp - blocks[0]!.timestamp).toBe(10n);
    expect(blocks[2]!.timestamp - blocks[1]!.timestamp).toBe(10n);
  });

  it('snapshot / revert across several blocks: balances, block number and receipts go back; the id is consumed', async () => {
    const node = await startNodeProcess({ args: ['--mining', 'instant'] });
    const { publicClient, walletClient, testClient } = clients(node);
    const recipient = privateKeyToAddress(generatePrivateKey());
    await walletClient.sendTransaction({ to: recipient, value: parseEther('1') });
    const id = await testClient.snapshot();
    const head = await publicClient.getBlockNumber();
    const reverted: Hex[] = [];
    for (let count = 0; count < 3; count++) reverted.push(await walletClient.sendTransaction({ to: recipient, value: parseEther('1') }));
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('4'));
    expect(await publicClient.getBlockNumber()).toBe(head + 3n);

    await testClient.revert({ id });
    expect(await publicClient.getBlockNumber()).toBe(head);
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('1'));
    for (const hash of reverted) expect(await rpcResult(node.url, 'eth_getTransactionReceipt', [hash])).toBeNull();
    expect(await rpcResult(node.url, 'evm_revert', [id])).toBe(false);

    // The wallet goes on from the snapshot's nonce.
    const again = await walletClient.sendTransaction({ to: recipient, value: parseEther('2') });
    expect((await publicClient.getTransactionReceipt({ hash: again })).blockNumber).toBe(head + 1n);
  });

  it('increaseTime and setNextBlockTimestamp move the next blocks', async () => {
    const node = await startNodeProcess({ args: ['--mining', 'manual'] });
    const { publicClient, testClient } = clients(node);
    const start = (await publicClient.getBlock()).timestamp;
    await testClient.increaseTime({ seconds: 3600 });
    await testClient.mine({ blocks: 1 });
    const first = (await publicClient.getBlock()).timestamp;
    expect(first - start).toBeGreaterThanOrEqual(3600n);
    expect(first - start).toBeLessThan(3600n + 30n);

    const exact = first + 1000n;
    await testClient.setNextBlockTimestamp({ timestamp: exact });
    await testClient.mine({ blocks: 1 });
    expect((await publicClient.getBlock()).timestamp).toBe(exact);
    expect((await rpc(node.url, 'evm_setNextBlockTimestamp', [Number(first)])).error).toMatchObject({ code: -32602 });
  });

  it('setAutomine and setIntervalMining switch the mode at run time', async () => {
    const node = await startNodeProcess({ args: ['--mining', 'instant'] });
    const { publicClient, walletClient, testClient } = clients(node);
    expect(await testClient.getAutomine()).toBe(true);
    await testClient.setAutomine(false);
    expect(await testClient.getAutomine()).toBe(false);
    const head = await publicClient.getBlockNumber();
    const hash = await walletClient.sendTransaction({ to: privateKeyToAddress(generatePrivateKey()), value: 1n });
    expect(await rpcResult(node.url, 'eth_getTransactionReceipt', [hash])).toBeNull();
    expect(await publicClient.getBlockNumber()).toBe(head);
    await testClient.mine({ blocks: 1 });
    expect((await publicClient.getTransactionReceipt({ hash })).blockNumber).toBe(head + 1n);

    await testClient.setIntervalMining({ interval: 1 });
    expect(await rpcResult(node.url, 'anvil_getIntervalMining')).toBe(1);
    const interval = await publicClient.getBlockNumber();
    const sent = await walletClient.sendTransaction({ to: privateKeyToAddress(generatePrivateKey()), value: 1n });
    const receipt = await publicClient.waitForTransactionReceipt({ hash: sent, timeout: 10_000 });
    expect(receipt.blockNumber).toBeGreaterThan(interval);
    // Blocks keep coming, empty ones too, about once a second.
    await publicClient.waitForTransactionReceipt({ hash: sent, confirmations: 3, timeout: 15_000 });

    await testClient.setIntervalMining({ interval: 0 });
    await testClient.setAutomine(true);
    const instant = await walletClient.sendTransaction({ to: privateKeyToAddress(generatePrivateKey()), value: 1n });
    expect(await rpcResult(node.url, 'eth_getTransactionReceipt', [instant])).toMatchObject({ status: '0x1' });
  });
});

describe('durability', () => {
  it('a revert survives kill -9: after a restart the reverted blocks stay gone', async () => {
    const node = await startNodeProcess({ storage: 'temp', args: ['--mining', 'instant'] });
    const { publicClient, walletClient, testClient } = clients(node);
    const recipient = privateKeyToAddress(generatePrivateKey());
    await walletClient.sendTransaction({ to: recipient, value: 5n });
    const id = await testClient.snapshot();
    const head = await publicClient.getBlockNumber();
    const gone = await walletClient.sendTransaction({ to: recipient, value: 7n });
    await testClient.revert({ id });
    await node.kill9();

    const restarted = await startNodeProcess({ storage: { dataDir: node.dataDir! }, args: ['--mining', 'instant'] });
    const after = clients(restarted);
    expect(await after.publicClient.getBlockNumber()).toBe(head);
    expect(await rpcResult(restarted.url, 'eth_getTransactionReceipt', [gone])).toBeNull();
    expect(await after.publicClient.getBalance({ address: recipient })).toBe(5n);
    const next = await after.walletClient.sendTransaction({ to: recipient, value: 1n });
    expect((await after.publicClient.getTransactionReceipt({ hash: next })).blockNumber).toBe(head + 1n);
  });

  it('an instant-mode setCode is in "latest" and "pending" in one new block as it answers, and survives kill -9', async () => {
    const node = await startNodeProcess({ storage: 'temp', args: ['--mining', 'instant'] });
    const { publicClient, testClient } = clients(node);
    const target = privateKeyToAddress(generatePrivateKey());
    const code = `0x${'5b'.repeat(20_000)}00` as Hex;
    const head = await publicClient.getBlockNumber();
    await testClient.setCode({ address: target, bytecode: code });
    expect(await publicClient.getBlockNumber()).toBe(head + 1n);
    expect(await publicClient.getCode({ address: target, blockTag: 'latest' })).toBe(code);
    expect(await publicClient.getCode({ address: target, blockTag: 'pending' })).toBe(code);
    await node.kill9();

    const restarted = await startNodeProcess({ storage: { dataDir: node.dataDir! }, args: ['--mining', 'instant'] });
    const after = clients(restarted);
    expect(await after.publicClient.getBlockNumber()).toBe(head + 1n);
    expect(await after.publicClient.getCode({ address: target })).toBe(code);
  });
});

describe('access', () => {
  it('the mining, time and snapshot methods are dedicated-tier: refused on the public endpoint, served with a key', async () => {
    const key = 'mining-test-key-0123456789';
    const node = await startNodeProcess({ args: ['--api-key', key, '--mining', 'manual'] });
    for (const method of ['evm_mine', 'anvil_mine', 'hardhat_mine', 'evm_snapshot', 'evm_increaseTime', 'evm_setAutomine', 'anvil_reset']) {
      const params = method === 'evm_increaseTime' ? [1] : method === 'evm_setAutomine' ? [true] : [];
      const { status, text } = await postRaw(node.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
      expect(status, method).toBe(403);
      expect(JSON.parse(text).error, method).toEqual({ code: -32004, message: `method ${method} requires a dedicated endpoint` });
    }
    expect(await rpcResult(`${node.url}/v1/${key}`, 'evm_mine')).toBe('0x0');
    expect(await rpcResult(`${node.url}/v1/${key}`, 'eth_blockNumber')).toBe('0x1');
  });
});
