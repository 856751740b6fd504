/**
 * The standard RPC surface against the real node, through viem over HTTP: eth_getLogs (sealed
 * and pre-confirmed), polling filters (event, block and pending-transaction filters, and
 * watchContractEvent's HTTP polling, which runs on filters), transactions by block and index,
 * block transaction counts, chain_transactionStatus through a tx's life, txpool_*, node status
 * methods and rpc.discover / rpc_modules. Logs come from the TestToken contract.
 */
import { createPublicClient, getAbiItem, getAddress, type Hex, http, keccak256, parseGwei, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTokenArtifact } from '../../src/testing/contracts/artifacts.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollReceipt, pollUntil, rpcError, rpcResult, viemClients, waitForBlockAfter, ZERO_HASH } from './helpers.js';

const abi = testTokenArtifact.abi;
const TRANSFER = getAbiItem({ abi, name: 'Transfer' });
const SUPPLY = 1_000_000n;

let node: NodeProcess;
let token: Hex;

/** The head's number. */
async function head(): Promise<bigint> {
  return BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
}

/**
 * Waits for the next seal, so what is sent next stays pre-confirmed for most of a block time
 * (~2 s) before its own seal: checks of the pre-confirmed view are then not racing the seal.
 */
async function startOfBlock(): Promise<void> {
  await waitForBlockAfter(node.url, await head());
}

/** Waits until the block holding `blockNumber` is sealed. */
async function sealed(blockNumber: bigint): Promise<void> {
  await waitForBlockAfter(node.url, blockNumber - 1n);
}

/** Sends token.transfer(to, amount) from dev account `from`; returns the pre-confirmed receipt. */
async function transferToken(to: Hex, amount: bigint, from = 0) {
  const { walletClient } = viemClients(node.url, from);
  const hash = await walletClient.writeContract({ address: token, abi, functionName: 'transfer', args: [to, amount] });
  const receipt = await pollReceipt(node.url, hash);
  if (receipt.status !== 'success') throw new Error(`token transfer ${hash} failed`);
  return receipt;
}

beforeAll(async () => {
  node = await startNodeProcess();
  const { walletClient } = viemClients(node.url);
  const hash = await walletClient.deployContract({ abi, bytecode: testTokenArtifact.bytecode as Hex, args: [SUPPLY] });
  const receipt = await pollReceipt(node.url, hash);
  token = receipt.contractAddress!;
  await sealed(receipt.blockNumber);
});
afterAll(cleanupNodeProcesses);

describe('eth_getLogs', () => {
  it('serves pre-confirmed logs with toBlock "pending" (block hash zero), then sealed ones by range', async () => {
    const { publicClient } = viemClients(node.url);
    // A transfer at the start of a block, its logs read at "pending" while that block is still open. On a loaded
    // machine the ~2 s block can seal before the read: such an attempt tells nothing about the pre-confirmed view,
    // so it is made again, to a new recipient (the earlier ones stay in the chain's logs, listed in `missed`).
    const missed: Hex[] = [];
    const transferAndReadPending = async (attempt: number) => {
      const to = getAddress(`0x${(0xa11ce0 + attempt).toString(16).padStart(40, '0')}`);
      await startOfBlock();
      const sent = await transferToken(to, 5n);
      const logs = await publicClient.getLogs({ address: token, event: TRANSFER, args: { to }, fromBlock: 'latest', toBlock: 'pending' });
      return { to, sent, logs, stillOpen: (await head()) < sent.blockNumber };
    };
    let read = await transferAndReadPending(0);
    for (let attempt = 1; !read.stillOpen && attempt < 3; attempt++) {
      missed.push(read.to);
      read = await transferAndReadPending(attempt);
    }
    const { to: alice, sent: receipt, logs: pending } = read;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ transactionHash: receipt.transactionHash, blockNumber: receipt.blockNumber, blockHash: ZERO_HASH, removed: false });
    expect(pending[0]!.args).toEqual({ from: DEV_ACCOUNTS[0]!.address, to: alice, value: 5n });

    await sealed(receipt.blockNumber);
    const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
    const logs = await publicClient.getLogs({ address: token, event: TRANSFER, fromBlock: 0n, toBlock: receipt.blockNumber });
    // The mint at deployment, then the transfer, in order.
    expect(logs.map((log) => log.args.to)).toEqual([DEV_ACCOUNTS[0]!.address, ...missed, alice]);
    expect(logs[1]).toMatchObject({ ...pending[0], blockHash: block.hash });
    expect(await publicClient.getContractEvents({ address: token, abi, eventName: 'Transfer', blockHash: block.hash })).toHaveLength(1);
  });

  it('rejects blockHash with a range and a reversed range with -32602, as geth', async () => {
    expect(await rpcError(node.url, 'eth_getLogs', [{ blockHash: ZERO_HASH, fromBlock: '0x0' }])).toEqual({
      code: -32602,
      message: 'invalid argument 0: cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other',
    });
    expect(await rpcError(node.url, 'eth_getLogs', [{ fromBlock: '0x2', toBlock: '0x1' }])).toEqual({ code: -32602, message: 'invalid block range params' });
    expect(await rpcError(node.url, 'eth_getLogs', [{ blockHash: `0x${'ab'.repeat(32)}` }])).toEqual({ code: -32000, message: 'unknown block' });
  });

  it('--rpc-logs-block-range and --rpc-logs-max-results cap queries with -32005', async () => {
    const capped = await startNodeProcess({
      args: ['--rpc-logs-block-range', '2', '--rpc-logs-max-results', '1', '--block-time', '1000', '--rpc-filters-per-client', '2'],
    });
    await waitForBlockAfter(capped.url, 2n);
    expect(await rpcError(capped.url, 'eth_getLogs', [{ fromBlock: '0x0' }])).toEqual({ code: -32005, message: 'exceed maximum block range: 2' });
    // Deploy and transfer back to back (explicit gas: no estimate against a token not yet sealed),
    // so both logs are in latest..pending whichever side of a seal they land on.
    const { walletClient } = viemClients(capped.url);
    const deployment = await walletClient.deployContract({ abi, bytecode: testTokenArtifact.bytecode as Hex, args: [SUPPLY] });
    const deployed = (await pollReceipt(capped.url, deployment)).contractAddress!;
    const transfer = await walletClient.writeContract({
      address: deployed,
      abi,
      functionName: 'transfer',
      args: [DEV_ACCOUNTS[1]!.address, 1n],
      gas: 100_000n,
    });
    const receipts = [await pollReceipt(capped.url, deployment), await pollReceipt(capped.url, transfer)];
    expect(receipts.map((receipt) => [receipt.status, receipt.logs.length])).toEqual([
      ['success', 1],
      ['success', 1],
    ]);
    expect(await rpcError(capped.url, 'eth_getLogs', [{ fromBlock: 'latest', toBlock: 'pending', address: deployed }])).toEqual({
      code: -32005,
      message: 'query returned more than 1 results',
    });

    // --rpc-filters-per-client: a third filter from this client is refused until one is uninstalled.
    const first = await rpcResult<string>(capped.url, 'eth_newBlockFilter');
    await rpcResult(capped.url, 'eth_newPendingTransactionFilter');
    expect(await rpcError(capped.url, 'eth_newFilter', [{}])).toEqual({
      code: -32005,
      message: 'too many filters installed by this client (limit 2); uninstall some with eth_uninstallFilter',
    });
    expect(await rpcResult(capped.url, 'eth_uninstallFilter', [first])).toBe(true);
    expect(await rpcResult<string>(capped.url, 'eth_newFilter', [{}])).toMatch(/^0x[0-9a-f]+$/);
  });
});

describe('filters', () => {
  it('createEventFilter / getFilterChanges report new Transfer logs once sealed; uninstallFilter removes the filter', async () => {
    const { publicClient } = viemClients(node.url);
    const bob = DEV_ACCOUNTS[2]!.address;
    const filter = await publicClient.createEventFilter({ address: token, event: TRANSFER, args: { to: bob } });
    expect(filter.id).toMatch(/^0x[0-9a-f]+$/);
    const receipt = await transferToken(bob, 7n);
    await transferToken(DEV_ACCOUNTS[3]!.address, 1n); // another recipient: not reported
    await sealed(receipt.blockNumber);
    const changes = await publicClient.getFilterChanges({ filter });
    expect(changes.map((log) => [log.transactionHash, log.args])).toEqual([[receipt.transactionHash, { from: DEV_ACCOUNTS[0]!.address, to: bob, value: 7n }]]);
    expect(await publicClient.getFilterChanges({ filter })).toEqual([]);
    // eth_getFilterLogs runs a filter's criteria over its range, like eth_getLogs.
    const ranged = await publicClient.createEventFilter({
      address: token,
      event: TRANSFER,
      args: { to: bob },
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber,
    });
    expect((await publicClient.getFilterLogs({ filter: ranged })).map((log) => log.transactionHash)).toEqual([receipt.transactionHash]);
    expect(await publicClient.uninstallFilter({ filter })).toBe(true);
    expect(await rpcError(node.url, 'eth_getFilterChanges', [filter.id])).toEqual({ code: -32000, message: 'filter not found' });
  });

  it('createBlockFilter reports the hashes of newly sealed blocks', async () => {
    const { publicClient } = viemClients(node.url);
    const filter = await publicClient.createBlockFilter();
    const next = await waitForBlockAfter(node.url, await head());
    const hashes = await publicClient.getFilterChanges({ filter });
    // Consecutive sealed blocks, oldest first, including the one we waited for.
    const numbers = await Promise.all(hashes.map(async (hash) => (await publicClient.getBlock({ blockHash: hash })).number));
    expect(numbers).toContain(next);
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! + BigInt(index)));
    expect(await publicClient.getFilterChanges({ filter })).not.toEqual(expect.arrayContaining(hashes));
  });

  it('createPendingTransactionFilter reports the hashes of txs admitted to the pool', async () => {
    const { publicClient, walletClient } = viemClients(node.url, 4);
    const filter = await publicClient.createPendingTransactionFilter();
    const hash = await walletClient.sendTransaction({ to: DEV_ACCOUNTS[5]!.address, value: 1n });
    expect(await publicClient.getFilterChanges({ filter })).toEqual([hash]);
    expect(await publicClient.getFilterChanges({ filter })).toEqual([]);
  });

  it('watchContractEvent over HTTP polls with eth_newFilter / eth_getFilterChanges and delivers the log', async () => {
    const methods: string[] = [];
    const { publicClient } = viemClients(node.url);
    const watcher = createPublicClient({
      chain: publicClient.chain,
      pollingInterval: 50,
      transport: http(node.url, {
        retryCount: 0,
        onFetchRequest: async (request) => {
          methods.push(((await request.clone().json()) as { method: string }).method);
        },
      }),
    });
    const carol = DEV_ACCOUNTS[6]!.address;
    const received: { to: Hex; value: bigint }[] = [];
    const unwatch = watcher.watchContractEvent({
      address: token,
      abi,
      eventName: 'Transfer',
      args: { to: carol },
      poll: true,
      onLogs: (logs) => received.push(...logs.map((log) => ({ to: log.args.to!, value: log.args.value! }))),
    });
    try {
      await pollUntil(async () => methods.includes('eth_newFilter'), { what: 'the filter to be installed' });
      await transferToken(carol, 11n);
      await pollUntil(async () => received.length > 0, { what: 'the Transfer log', timeoutMs: 10_000 });
      expect(received).toEqual([{ to: carol, value: 11n }]);
      expect(methods).toContain('eth_getFilterChanges');
      expect(methods).not.toContain('eth_getLogs');
    } finally {
      unwatch();
    }
  });
});

describe('blocks by position', () => {
  it('getTransaction by block number / hash / pending and index; getBlockTransactionCount', async () => {
    const { publicClient } = viemClients(node.url);
    await startOfBlock();
    const receipt = await transferToken(DEV_ACCOUNTS[7]!.address, 1n);
    const index = receipt.transactionIndex;
    const pending = await publicClient.getTransaction({ blockTag: 'pending', index });
    expect(pending).toMatchObject({ hash: receipt.transactionHash, blockHash: ZERO_HASH, blockNumber: receipt.blockNumber });
    expect(await publicClient.getBlockTransactionCount({ blockTag: 'pending' })).toBeGreaterThan(index);

    await sealed(receipt.blockNumber);
    const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
    const byNumber = await publicClient.getTransaction({ blockNumber: receipt.blockNumber, index });
    const byHash = await publicClient.getTransaction({ blockHash: block.hash, index });
    expect(byNumber).toEqual(byHash);
    expect(byNumber).toEqual(await publicClient.getTransaction({ hash: receipt.transactionHash }));
    expect(byNumber.blockHash).toBe(block.hash);
    expect(await publicClient.getBlockTransactionCount({ blockNumber: receipt.blockNumber })).toBe(block.transactions.length);
    expect(await publicClient.getBlockTransactionCount({ blockHash: block.hash })).toBe(block.transactions.length);

    expect(await rpcResult(node.url, 'eth_getTransactionByBlockNumberAndIndex', [toHex(receipt.blockNumber), toHex(block.transactions.length)])).toBeNull();
    expect(await rpcResult(node.url, 'eth_getBlockTransactionCountByNumber', ['0xffffff'])).toBeNull();
    expect(await rpcResult(node.url, 'eth_getUncleCountByBlockHash', [block.hash])).toBe('0x0');
    expect(await rpcResult(node.url, 'eth_getUncleCountByBlockNumber', ['0xffffff'])).toBeNull();
    expect(await rpcResult(node.url, 'eth_getUncleByBlockNumberAndIndex', ['latest', '0x0'])).toBeNull();
  });
});

describe('chain_transactionStatus', () => {
  it('follows a tx: Known in the pool (queued), pre-confirmed, sealed; Unknown otherwise', async () => {
    const account = DEV_ACCOUNTS[8]!;
    const fees = { maxFeePerGas: parseGwei('10'), maxPriorityFeePerGas: parseGwei('1'), gas: 21_000n, chainId: 31337, to: DEV_ACCOUNTS[9]!.address } as const;
    const status = (hash: Hex) => rpcResult<{ status: string; stage?: string }>(node.url, 'chain_transactionStatus', [hash]);

    // Nonce 1 before nonce 0: queued in the pool until the gap fills.
    const gapped = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [await account.signTransaction({ ...fees, nonce: 1, value: 1n })]);
    expect(await status(gapped)).toEqual({ status: 'Known', stage: 'pool' });
    expect(await rpcResult(node.url, 'txpool_status')).toMatchObject({ queued: expect.stringMatching(/^0x[1-9a-f]/) });
    const content = await rpcResult<{ queued: Record<string, Record<string, { hash: Hex }>> }>(node.url, 'txpool_content');
    expect(content.queued[getAddress(account.address)]?.['1']?.hash).toBe(gapped);
    expect(await rpcResult(node.url, 'txpool_inspect')).toMatchObject({
      queued: { [getAddress(account.address)]: { '1': `${DEV_ACCOUNTS[9]!.address}: 1 wei + 21000 gas × 10000000000 wei` } },
    });

    await startOfBlock();
    const first = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [await account.signTransaction({ ...fees, nonce: 0, value: 1n })]);
    await pollUntil(async () => (await status(gapped)).stage === 'preconfirmed', { what: 'the gapped tx to be pre-confirmed' });
    expect(await status(first)).toEqual({ status: 'Known', stage: 'preconfirmed' });
    const receipt = await pollReceipt(node.url, first);
    await sealed(receipt.blockNumber);
    expect(await status(first)).toEqual({ status: 'Known', stage: 'sealed' });

    expect(await status(keccak256('0x1234'))).toEqual({ status: 'Unknown' });
    expect(await rpcError(node.url, 'chain_transactionStatus', ['0x1234'])).toMatchObject({ code: -32602 });
  });
});

describe('node status and discovery', () => {
  it('eth_syncing, net_listening, net_peerCount, web3_sha3, eth_blobBaseFee', async () => {
    const { publicClient } = viemClients(node.url);
    expect(await rpcResult(node.url, 'eth_syncing')).toBe(false);
    expect(await rpcResult(node.url, 'net_listening')).toBe(true);
    expect(await rpcResult(node.url, 'net_peerCount')).toBe('0x0');
    expect(await rpcResult(node.url, 'web3_sha3', ['0x68656c6c6f'])).toBe(keccak256('0x68656c6c6f'));
    expect(await rpcResult(node.url, 'web3_sha3', ['0x'])).toBe(keccak256('0x'));
    expect(await rpcError(node.url, 'web3_sha3', ['hello'])).toEqual({ code: -32602, message: 'invalid argument 0: hex string without 0x prefix' });
    expect(await publicClient.getBlobBaseFee()).toBe(1n);
  });

  it('rpc.discover lists every served method with its params; rpc_modules lists their namespaces', async () => {
    const document = await rpcResult<{ openrpc: string; methods: { name: string; params: { name: string; required: boolean; schema: object }[] }[] }>(
      node.url,
      'rpc.discover',
    );
    expect(document.openrpc).toBe('1.2.6');
    const names = document.methods.map((method) => method.name);
    for (const name of ['eth_getLogs', 'eth_newFilter', 'eth_getFilterChanges', 'chain_transactionStatus', 'txpool_content', 'rpc.discover', 'eth_call'])
      expect(names).toContain(name);
    const getLogs = document.methods.find((method) => method.name === 'eth_getLogs')!;
    expect(getLogs.params).toEqual([{ name: 'filter', required: true, schema: expect.objectContaining({ type: 'object' }) }]);
    // Every method the document lists is served (junk params fail in decoding, never as "does not exist").
    for (const name of names) expect((await rpcError(node.url, name, ['x', 'y', 'z', 'w', 'v'])).message, name).not.toMatch(/does not exist/);
    expect((await rpcError(node.url, 'eth_notAMethod')).message).toMatch(/does not exist/);

    const modules = await rpcResult<Record<string, string>>(node.url, 'rpc_modules');
    expect(Object.keys(modules).sort()).toEqual([...new Set(names.map((name) => name.split(/[_.]/)[0]))].sort());
    expect(modules.eth).toBe('1.0');
  });
});
