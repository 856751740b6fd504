/**
 * The remaining served methods against a real node: dev accounts and eth_sendTransaction, fee
 * methods, identity methods, and nonces of back-to-back sends counted at 'pending'.
 */
import { getAddress, type Hex, parseGwei } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollReceipt, rpcError, rpcResult, viemClients, waitForBlockAfter } from './helpers.js';

let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess();
});
afterAll(cleanupNodeProcesses);

describe('identity', () => {
  it('eth_chainId, net_version, web3_clientVersion', async () => {
    expect(await rpcResult(node.url, 'eth_chainId')).toBe('0x7a69');
    expect(await rpcResult(node.url, 'net_version')).toBe('31337');
    expect(await rpcResult(node.url, 'web3_clientVersion')).toMatch(/^Sequin\/v\d+\.\d+\.\d+\/\w+-\w+\/node20\./);
  });
});

describe('dev accounts', () => {
  it('eth_accounts lists the 10 dev accounts', async () => {
    const accounts = await rpcResult<Hex[]>(node.url, 'eth_accounts');
    expect(accounts.map((address) => getAddress(address))).toEqual(DEV_ACCOUNTS.map((account) => account.address));
  });

  it('eth_sendTransaction signs with a dev account; unknown senders are refused', async () => {
    const from = DEV_ACCOUNTS[1]!.address;
    const to = DEV_ACCOUNTS[2]!.address;
    const hash = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [{ from, to, value: '0x2a' }]);
    const receipt = await pollReceipt(node.url, hash);
    expect(receipt).toMatchObject({ status: 'success', from: from.toLowerCase(), to: to.toLowerCase(), gasUsed: 21_000n, type: 'eip1559' });
    const transaction = await rpcResult<Record<string, unknown>>(node.url, 'eth_getTransactionByHash', [hash]);
    expect(transaction).toMatchObject({ hash, value: '0x2a', nonce: '0x0', gas: '0x5208', maxPriorityFeePerGas: '0x3b9aca00' });

    expect(await rpcError(node.url, 'eth_sendTransaction', [{ from: `0x${'11'.repeat(20)}`, to }])).toEqual({ code: -32000, message: 'unknown account' });
    expect(await rpcError(node.url, 'eth_sendTransaction', [{ to }])).toEqual({ code: -32000, message: 'from address is required' });
  });

  it('eth_sendTransaction through viem (json-rpc account)', async () => {
    const { walletClient, publicClient } = viemClients(node.url);
    const hash = await walletClient.sendTransaction({ account: DEV_ACCOUNTS[3]!.address, to: DEV_ACCOUNTS[4]!.address, value: 7n, chain: walletClient.chain });
    const receipt = await pollReceipt(node.url, hash);
    expect(receipt.status).toBe('success');
    expect(await publicClient.getTransactionCount({ address: DEV_ACCOUNTS[3]!.address, blockTag: 'pending' })).toBe(1);
  });
});

describe('fees', () => {
  it('eth_gasPrice ≥ the base fee; eth_maxPriorityFeePerGas is 1 gwei', async () => {
    const { publicClient } = viemClients(node.url);
    const tip = await publicClient.estimateMaxPriorityFeePerGas();
    expect(tip).toBe(parseGwei('1'));
    const gasPrice = await publicClient.getGasPrice();
    const latest = await publicClient.getBlock({ blockTag: 'latest' });
    expect(gasPrice).toBeGreaterThanOrEqual(latest.baseFeePerGas!);
    expect(gasPrice).toBeGreaterThan(tip);
    // gasPrice = the open block's base fee + the suggested tip: viem's fee estimate follows.
    const fees = await publicClient.estimateFeesPerGas();
    expect(fees.maxPriorityFeePerGas).toBe(tip);
    expect(fees.maxFeePerGas).toBeGreaterThan(gasPrice - tip);
  });

  it('eth_feeHistory has the standard shape', async () => {
    const { publicClient } = viemClients(node.url);
    // Need a few sealed blocks (they seal every 2 s, empty or not).
    await waitForBlockAfter(node.url, 1n);
    const head = await publicClient.getBlockNumber();
    const history = await publicClient.getFeeHistory({ blockCount: 2, blockTag: 'latest', rewardPercentiles: [25, 75] });
    expect(history.oldestBlock).toBeGreaterThanOrEqual(head - 1n);
    expect(history.baseFeePerGas).toHaveLength(3); // one per block, plus the next block's
    expect(history.gasUsedRatio).toHaveLength(2);
    expect(history.reward).toHaveLength(2);
    for (const rewards of history.reward!) expect(rewards).toHaveLength(2);
    for (const ratio of history.gasUsedRatio) expect(ratio >= 0 && ratio <= 1).toBe(true);
    for (const fee of history.baseFeePerGas) expect(fee).toBeGreaterThan(0n);

    const raw = await rpcResult<Record<string, unknown>>(node.url, 'eth_feeHistory', ['0x1', 'latest', []]);
    expect(Object.keys(raw).sort()).toEqual(['baseFeePerGas', 'gasUsedRatio', 'oldestBlock'].concat('reward' in raw ? ['reward'] : []).sort());
    expect(raw.baseFeePerGas).toHaveLength(2);
  });
});

describe('nonces at pending', () => {
  it('counts back-to-back sends: 5 txs sent without waiting for receipts all land, nonces 0..4', async () => {
    const { walletClient, publicClient } = viemClients(node.url, 5);
    const address = walletClient.account.address;
    expect(await publicClient.getTransactionCount({ address, blockTag: 'pending' })).toBe(0);
    const hashes: Hex[] = [];
    for (let index = 0; index < 5; index++) {
      // viem takes the nonce from eth_getTransactionCount(address, 'pending') each time.
      hashes.push(await walletClient.sendTransaction({ to: DEV_ACCOUNTS[6]!.address, value: BigInt(index + 1) }));
    }
    expect(new Set(hashes).size).toBe(5);
    expect(await publicClient.getTransactionCount({ address, blockTag: 'pending' })).toBe(5);

    const receipts = await Promise.all(hashes.map((hash) => pollReceipt(node.url, hash)));
    expect(receipts.every((receipt) => receipt.status === 'success')).toBe(true);
    const transactions = await Promise.all(hashes.map((hash) => publicClient.getTransaction({ hash })));
    expect(transactions.map((transaction) => transaction.nonce)).toEqual([0, 1, 2, 3, 4]);
    expect(await publicClient.getTransactionCount({ address, blockTag: 'pending' })).toBe(5);

    // Sealed: latest agrees.
    const last = receipts.reduce((highest, receipt) => (receipt.blockNumber > highest ? receipt.blockNumber : highest), 0n);
    await waitForBlockAfter(node.url, last - 1n);
    expect(await publicClient.getTransactionCount({ address, blockTag: 'latest' })).toBe(5);
  });

  it("a pooled tx is visible by hash before it is pre-confirmed (blockHash null), and 'pending' counts queued txs only up to a gap", async () => {
    const account = DEV_ACCOUNTS[8]!;
    const fees = { maxFeePerGas: parseGwei('10'), maxPriorityFeePerGas: parseGwei('1'), gas: 21_000n, chainId: 31337, to: DEV_ACCOUNTS[9]!.address } as const;
    // Nonce 1 with nonce 0 missing: queued, never executable until the gap is filled.
    const gapped = await account.signTransaction({ ...fees, nonce: 1, value: 1n });
    const gappedHash = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [gapped]);
    expect(await rpcResult(node.url, 'eth_getTransactionByHash', [gappedHash])).toMatchObject({
      hash: gappedHash,
      blockHash: null,
      blockNumber: null,
      transactionIndex: null,
    });
    expect(await rpcResult(node.url, 'eth_getTransactionCount', [account.address, 'pending'])).toBe('0x0');
    const first = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [await account.signTransaction({ ...fees, nonce: 0, value: 1n })]);
    expect(await rpcResult(node.url, 'eth_getTransactionCount', [account.address, 'pending'])).toBe('0x2');
    const [a, b] = await Promise.all([pollReceipt(node.url, first), pollReceipt(node.url, gappedHash)]);
    expect(a.status).toBe('success');
    expect(b.status).toBe('success');
  });
});
