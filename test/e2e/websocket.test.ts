/**
 * WebSocket JSON-RPC and subscriptions against the real node: raw eth_subscribe to
 * newPreconfBlockTransactions (hash and full forms, a 500-tx burst seen exactly once and in
 * order, resume after a reconnect without gap or repeat), newPreconfSubBlocks, newPreconfLogs,
 * and the clients people use: viem's webSocket transport (watchBlocks, watchContractEvent,
 * sendRawTransactionSync) and ethers v6 WebSocketProvider events.
 */
import { Contract as EthersContract, WebSocketProvider } from 'ethers';
import { createPublicClient, type Hex, webSocket } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTokenArtifact } from '../../src/testing/contracts/artifacts.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollUntil, rpc, rpcResult, sequinChain, signTransfer, viemClients } from './helpers.js';
import { rpcBatch } from './transferLoad.js';
import { connectWs, type Notification } from './wsClient.js';

let node: NodeProcess;
let token: Hex;
const nonces = new Map<number, number>();

beforeAll(async () => {
  node = await startNodeProcess();
  const { walletClient, publicClient } = viemClients(node.url, 9);
  const hash = await walletClient.deployContract({ abi: testTokenArtifact.abi, bytecode: testTokenArtifact.bytecode as Hex, args: [10n ** 24n] });
  token = (await pollUntil(() => publicClient.getTransactionReceipt({ hash }).catch(() => undefined))).contractAddress as Hex;
});
afterAll(cleanupNodeProcesses);

/** A signed transfer from dev account `index` with its next nonce (accounts 0–7 are used only here). */
function nextTransfer(index: number): Promise<Hex> {
  const nonce = nonces.get(index) ?? 0;
  nonces.set(index, nonce + 1);
  return signTransfer(index, nonce, 20_000_000_000n);
}

/** Signs `count` transfers spread over accounts 0–7 and submits them in HTTP batches; returns their hashes. */
async function burst(count: number): Promise<Hex[]> {
  const raws: Hex[] = [];
  for (let i = 0; i < count; i++) raws.push(await nextTransfer(i % 8));
  // rpcBatch throws on the first error: every tx must be accepted.
  return rpcBatch<Hex>(
    node.url,
    raws.map((raw) => ['eth_sendRawTransaction', [raw]]),
  );
}

/** Asserts cursors are strictly consecutive: index+1 within a block, index 0 when a later block starts. */
function expectConsecutive(notifications: Notification[]): void {
  for (let i = 1; i < notifications.length; i++) {
    const previous = notifications[i - 1]!.cursor!;
    const current = notifications[i]!.cursor!;
    if (current.blockNumber === previous.blockNumber) expect(BigInt(current.transactionIndex)).toBe(BigInt(previous.transactionIndex) + 1n);
    else {
      expect(BigInt(current.blockNumber)).toBeGreaterThan(BigInt(previous.blockNumber));
      expect(current.transactionIndex).toBe('0x0');
    }
  }
}

describe('newPreconfBlockTransactions', () => {
  it('delivers every tx of a 500-tx burst exactly once, in pre-confirmation order, in both forms', async () => {
    const client = await connectWs(node.url);
    const hashesId = await client.subscribe('newPreconfBlockTransactions');
    const fullId = await client.subscribe('newPreconfBlockTransactions', { full: true });
    const sent = await burst(500);
    const byHash = await client.waitFor(hashesId, 500);
    const full = await client.waitFor(fullId, 500);
    await new Promise((resolve) => setTimeout(resolve, 300)); // nothing more may arrive
    expect(client.notifications.get(hashesId)).toHaveLength(500);
    expect(client.notifications.get(fullId)).toHaveLength(500);
    expect(new Set(byHash.map((n) => n.result))).toEqual(new Set(sent));
    expect(full.map((n) => (n.result as { hash: Hex }).hash)).toEqual(byHash.map((n) => n.result));
    expectConsecutive(byHash);

    // The order is the chain's: once sealed, the blocks list the txs in the same order.
    const lastBlock = BigInt(byHash.at(-1)!.cursor!.blockNumber);
    await pollUntil(async () => BigInt(await rpcResult<string>(node.url, 'eth_blockNumber')) >= lastBlock);
    const chainOrder: Hex[] = [];
    for (let number = BigInt(byHash[0]!.cursor!.blockNumber); number <= lastBlock; number++) {
      const block = await rpcResult<{ transactions: Hex[] }>(node.url, 'eth_getBlockByNumber', [`0x${number.toString(16)}`, false]);
      chainOrder.push(...block.transactions.filter((hash) => sent.includes(hash)));
    }
    expect(chainOrder).toEqual(byHash.map((n) => n.result));

    // The full form is the tx with its receipt flattened in, blockHash null while pre-confirmed.
    const first = full[0]!.result as Record<string, unknown>;
    const receipt = await rpcResult<Record<string, unknown>>(node.url, 'eth_getTransactionReceipt', [first.hash]);
    expect(first).toMatchObject({
      blockHash: null,
      blockNumber: receipt.blockNumber,
      transactionIndex: receipt.transactionIndex,
      status: '0x1',
      gasUsed: '0x5208',
      cumulativeGasUsed: receipt.cumulativeGasUsed,
      contractAddress: null,
      logs: [],
      from: receipt.from,
      to: receipt.to,
    });
    expect(full[0]!.cursor).toEqual(byHash[0]!.cursor);
    client.close();
  });

  it('resumes after a reconnect from the last cursor: the missed txs first, then live, no gap, no repeat', async () => {
    const first = await connectWs(node.url);
    const id = await first.subscribe('newPreconfBlockTransactions');
    const before = await burst(10);
    const seen = await first.waitFor(id, 10);
    expect(seen.map((n) => n.result)).toEqual(expect.arrayContaining(before));
    const cursor = seen.at(-1)!.cursor!;
    first.close();
    await first.closed;

    const missed = await burst(30);
    await pollUntil(async () => (await rpcResult<{ status: string } | null>(node.url, 'eth_getTransactionReceipt', [missed.at(-1)]))?.status);
    const second = await connectWs(node.url);
    const resumed = await second.subscribe('newPreconfBlockTransactions', {
      full: false,
      after: { blockNumber: cursor.blockNumber, transactionIndex: cursor.transactionIndex },
    });
    const replayed = await second.waitFor(resumed, 30);
    expect(new Set(replayed.map((n) => n.result))).toEqual(new Set(missed));
    const live = await burst(5);
    const all = await second.waitFor(resumed, 35);
    expect(
      all
        .slice(30)
        .map((n) => n.result)
        .sort(),
    ).toEqual([...live].sort());
    expectConsecutive([seen.at(-1)!, ...all]);
    second.close();
  });

  it('answers eth_subscribe before the first notification, even when a replay is ready at once', async () => {
    const client = await connectWs(node.url);
    const first = new Promise<{ id?: number; method?: string }>((resolve) => client.socket.once('message', (data) => resolve(JSON.parse(data.toString()))));
    client.socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 77,
        method: 'eth_subscribe',
        params: ['newPreconfBlockTransactions', { after: { blockNumber: '0x0', transactionIndex: '0x0' } }],
      }),
    );
    expect(await first).toMatchObject({ id: 77 });
    client.close();
  });

  it('refuses a resume point ahead of the chain with -32602', async () => {
    const client = await connectWs(node.url);
    const response = await client.request('eth_subscribe', ['newPreconfBlockTransactions', { after: { blockNumber: '0xffffff', transactionIndex: '0x0' } }]);
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toMatch(/resume block 16777215 is ahead of the open block/);
    client.close();
  });
});

describe('other subscriptions', () => {
  it('newPreconfSubBlocks beats every ~200 ms, empty ticks included, and names the txs of a busy tick', async () => {
    const client = await connectWs(node.url);
    const id = await client.subscribe('newPreconfSubBlocks');
    const [hash] = await burst(1);
    const ticks = await client.waitFor(id, 6, 5_000);
    const results = ticks.map((n) => n.result as { index: string | null; transactionHashes: Hex[]; transactionCount: string });
    expect(results.some((tick) => tick.index === null && tick.transactionCount === '0x0')).toBe(true);
    await pollUntil(async () => (client.notifications.get(id) ?? []).some((n) => (n.result as { transactionHashes: Hex[] }).transactionHashes.includes(hash!)));
    client.close();
  });

  it('newPreconfLogs delivers a token transfer log before its block is sealed; logs delivers it sealed', async () => {
    const client = await connectWs(node.url);
    const preconf = await client.subscribe('newPreconfLogs', { address: token });
    const sealed = await client.subscribe('logs', {
      address: [token],
      topics: [null, `0x${'00'.repeat(12)}${DEV_ACCOUNTS[9]!.address.slice(2).toLowerCase()}`],
    });
    const { walletClient } = viemClients(node.url, 9);
    const hash = await walletClient.writeContract({
      address: token,
      abi: testTokenArtifact.abi,
      functionName: 'transfer',
      args: [DEV_ACCOUNTS[1]!.address, 5n],
    });
    const [preconfLog] = await client.waitFor(preconf, 1);
    expect(preconfLog!.result).toMatchObject({ transactionHash: hash, address: token, blockHash: null, removed: false });
    const [sealedLog] = await client.waitFor(sealed, 1, 5_000);
    const block = await rpcResult<{ hash: Hex }>(node.url, 'eth_getBlockByNumber', [(sealedLog!.result as { blockNumber: Hex }).blockNumber, false]);
    expect(sealedLog!.result).toMatchObject({ transactionHash: hash, blockHash: block.hash });
    client.close();
  });

  it('newPendingTransactions reports hashes (and full txs) as they enter the pool; eth_unsubscribe stops delivery', async () => {
    const client = await connectWs(node.url);
    const hashes = await client.subscribe('newPendingTransactions');
    const full = await client.subscribe('newPendingTransactions', true);
    const [hash] = await burst(1);
    expect((await client.waitFor(hashes, 1))[0]!.result).toBe(hash);
    expect((await client.waitFor(full, 1))[0]!.result).toMatchObject({ hash, gas: '0x5208' });
    expect(await client.call('eth_unsubscribe', [hashes])).toBe(true);
    expect((await client.request('eth_unsubscribe', [hashes])).error).toEqual({ code: -32000, message: 'subscription not found' });
    await burst(1);
    await client.waitFor(full, 2);
    expect(client.notifications.get(hashes)).toHaveLength(1);
    client.close();
  });

  it('answers subscription errors like geth, and plain calls and batches over the same socket', async () => {
    const client = await connectWs(node.url);
    expect((await client.request('eth_subscribe', ['newBlocks'])).error).toEqual({ code: -32601, message: 'no "newBlocks" subscription in eth namespace' });
    expect((await client.request('eth_subscribe', ['logs', { topics: [1] }])).error?.code).toBe(-32602);
    expect((await client.request('eth_subscribe', ['newHeads', { full: true }])).error).toEqual({
      code: -32602,
      message: 'invalid argument 1: newHeads takes no options',
    });
    expect(await client.call('eth_chainId')).toBe('0x7a69');
    const batch = await new Promise<unknown>((resolve) => {
      client.socket.once('message', (data) => resolve(JSON.parse(data.toString())));
      client.socket.send(
        JSON.stringify([
          { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
          { jsonrpc: '2.0', id: 'b', method: 'net_version' },
        ]),
      );
    });
    expect(batch).toEqual([
      { jsonrpc: '2.0', id: 'a', result: '0x7a69' },
      { jsonrpc: '2.0', id: 'b', result: '31337' },
    ]);
    client.close();
    // Over HTTP there is nothing to push notifications through.
    expect((await rpc(node.url, 'eth_subscribe', ['newHeads'])).error).toEqual({ code: -32601, message: 'notifications not supported' });
  });
});

describe('clients', () => {
  it('viem over webSocket: watchBlocks sees sealed blocks, watchContractEvent a transfer, sendRawTransactionSync a pre-confirmed receipt', async () => {
    const client = createPublicClient({ chain: sequinChain(node.url), transport: webSocket(node.url.replace(/^http/, 'ws')) });
    const blocks: bigint[] = [];
    const unwatchBlocks = client.watchBlocks({ onBlock: (block) => blocks.push(block.number) });
    const transfers: Array<{ to?: Hex; value?: bigint }> = [];
    const unwatchEvents = client.watchContractEvent({
      address: token,
      abi: testTokenArtifact.abi,
      eventName: 'Transfer',
      onLogs: (logs) => transfers.push(...logs.map((log) => (log as unknown as { args: { to: Hex; value: bigint } }).args)),
    });
    await new Promise((resolve) => setTimeout(resolve, 200)); // let the subscriptions open
    const { walletClient } = viemClients(node.url, 9);
    const recipient = privateKeyToAddress(generatePrivateKey());
    await walletClient.writeContract({ address: token, abi: testTokenArtifact.abi, functionName: 'transfer', args: [recipient, 42n] });
    await pollUntil(async () => blocks.length >= 2 && transfers.some((transfer) => transfer.to === recipient), { timeoutMs: 8_000 });
    expect(blocks[1]).toBe(blocks[0]! + 1n);
    expect(transfers.find((transfer) => transfer.to === recipient)?.value).toBe(42n);
    unwatchBlocks();
    unwatchEvents();

    const receipt = await client.sendRawTransactionSync({ serializedTransaction: await nextTransfer(7) });
    expect(receipt.status).toBe('success');
    await client.transport.getRpcClient().then((rpcClient) => rpcClient.close());
  });

  it('ethers v6 WebSocketProvider: block and contract events', async () => {
    const provider = new WebSocketProvider(node.url.replace(/^http/, 'ws'), 31337);
    const blocks: number[] = [];
    await provider.on('block', (number: number) => blocks.push(number));
    const contract = new EthersContract(token, testTokenArtifact.abi as never, provider);
    const recipient = privateKeyToAddress(generatePrivateKey());
    const received = new Promise<bigint>((resolve) => {
      contract.on('Transfer', (_from: string, to: string, value: bigint) => {
        if (to.toLowerCase() === recipient.toLowerCase()) resolve(value);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { walletClient } = viemClients(node.url, 9);
    await walletClient.writeContract({ address: token, abi: testTokenArtifact.abi, functionName: 'transfer', args: [recipient, 7n] });
    expect(await received).toBe(7n);
    await pollUntil(async () => blocks.length >= 2, { timeoutMs: 8_000 });
    expect(blocks[1]).toBe(blocks[0]! + 1);
    await provider.destroy();
  });
});
