/**
 * Base's and the OP Stack's flashblocks names on the real node (docs/flashblocks.md):
 * newFlashblockTransactions, newFlashblocks and pendingLogs through a plain `ws` client and through
 * viem's webSocket transport; base_transactionStatus through a tx's life; op_supportedCapabilities;
 * the pending block's OP header (zero hash, sub-block index in `nonce`). One node runs interval
 * mining with a one-minute block time, so a block stays open while sub-blocks accumulate and
 * evm_mine seals it when a test wants; another runs instant, then manual, mining.
 */
import { readFileSync } from 'node:fs';
import { createPublicClient, encodeFunctionData, type Hex, pad, webSocket } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTokenArtifact } from '../../src/testing/contracts/artifacts.js';
import { EXECUTION_APIS_TESTS } from '../../src/testing/startImportedChainNode.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import type { Json } from '../conformance/compareResponses.js';
import { createResultValidators, type OpenRpcDocument } from '../conformance/createResultValidators.js';
import { DEV_ACCOUNTS, pollReceipt, pollUntil, rpcResult, sequinChain, signTransfer, sleep, viemClients, ZERO_HASH } from './helpers.js';
import { connectWs, type Notification } from './wsClient.js';

const TRANSFER_TOPIC: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const ALICE: Hex = '0x00000000000000000000000000000000000a11ce';
const BOB: Hex = '0x0000000000000000000000000000000000000b0b';

type Log = { address: Hex; topics: Hex[]; transactionHash: Hex; blockHash: Hex | null; logIndex: Hex };
type Receipt = Record<string, unknown> & { logs: Log[]; blockNumber: Hex };
type PendingBlock = { number: Hex; hash: Hex; nonce: Hex; transactions: Array<{ hash: Hex; blockHash: Hex }> };

/** The execution-apis schema of eth_getBlockByNumber's result: `hash` 32 bytes, `nonce` 8 bytes (null fits neither). */
const BLOCK_SCHEMA = createResultValidators(JSON.parse(readFileSync(new URL('../openrpc.json', EXECUTION_APIS_TESTS), 'utf8')) as OpenRpcDocument).get(
  'eth_getBlockByNumber',
)!;

let node: NodeProcess;
let tokenA: Hex;
let tokenB: Hex;
const nonces = new Map<number, number>();

beforeAll(async () => {
  node = await startNodeProcess({ args: ['--block-time', '60000'] });
  tokenA = await deployToken(node.url);
  tokenB = await deployToken(node.url);
  await seal(node.url);
});
afterAll(cleanupNodeProcesses);

async function deployToken(url: string): Promise<Hex> {
  const { walletClient } = viemClients(url, 9);
  const hash = await walletClient.deployContract({ abi: testTokenArtifact.abi, bytecode: testTokenArtifact.bytecode as Hex, args: [10n ** 24n] });
  return (await pollReceipt(url, hash)).contractAddress as Hex;
}

/** Seals the open block now (evm_mine mines in every mode). */
async function seal(url: string): Promise<void> {
  await rpcResult(url, 'evm_mine');
}

/** Sends a raw tx and waits until it is pre-confirmed; returns its hash. */
async function sendPreconfirmed(url: string, raw: Hex): Promise<Hex> {
  const hash = await rpcResult<Hex>(url, 'eth_sendRawTransaction', [raw]);
  await pollReceipt(url, hash);
  return hash;
}

/** A signed ETH transfer from dev account `index` with its next nonce on this node. */
function nextTransfer(index: number): Promise<Hex> {
  const nonce = nonces.get(index) ?? 0;
  nonces.set(index, nonce + 1);
  return signTransfer(index, nonce);
}

/** Token transfer of `amount` to `to` on `token`, signed by dev account 9 (the deployer, who holds the supply). */
async function tokenTransfer(url: string, token: Hex, to: Hex, amount = 5n): Promise<Hex> {
  const { walletClient } = viemClients(url, 9);
  const hash = await walletClient.sendTransaction({
    to: token,
    data: encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [to, amount] }),
    gas: 100_000n,
  });
  await pollReceipt(url, hash);
  return hash;
}

function results(notifications: Notification[] | undefined): unknown[] {
  return (notifications ?? []).map((notification) => notification.result);
}

describe('op_supportedCapabilities', () => {
  it('answers ["flashblocksv1"] over HTTP (viem) and WebSocket', async () => {
    const { publicClient } = viemClients(node.url);
    expect(await publicClient.request({ method: 'op_supportedCapabilities' as 'eth_chainId' })).toEqual(['flashblocksv1']);
    const client = await connectWs(node.url);
    expect(await client.call('op_supportedCapabilities')).toEqual(['flashblocksv1']);
    client.close();
  });
});

describe('newFlashblockTransactions (plain ws client)', () => {
  it('sends each pre-confirmed tx once: its hash, or with true / {"full": true} the tx with its receipt fields, as Base', async () => {
    const client = await connectWs(node.url);
    const hashes = await client.subscribe('newFlashblockTransactions');
    const full = await client.subscribe('newFlashblockTransactions', true);
    const fullObject = await client.subscribe('newFlashblockTransactions', { full: true });
    const hash = await tokenTransfer(node.url, tokenA, ALICE);
    const [byHash] = await client.waitFor(hashes, 1);
    const [fullNotification] = await client.waitFor(full, 1);
    await client.waitFor(fullObject, 1);
    await sleep(300); // nothing more may arrive

    // Base's messages carry the subscription and the result, no cursor.
    expect(byHash).toEqual({ subscription: hashes, result: hash });
    expect(Object.keys(fullNotification!)).toEqual(['subscription', 'result']);
    expect(client.notifications.get(hashes)).toHaveLength(1);

    // The tx as eth_getTransactionByHash has it, blockHash null, with its receipt's fields; its logs as the receipt's (zero block hash).
    const transaction = await rpcResult<Record<string, unknown>>(node.url, 'eth_getTransactionByHash', [hash]);
    const receipt = await rpcResult<Receipt>(node.url, 'eth_getTransactionReceipt', [hash]);
    expect(receipt.blockHash).toBe(ZERO_HASH);
    expect(fullNotification!.result).toEqual({
      ...transaction,
      blockHash: null,
      status: '0x1',
      gasUsed: receipt.gasUsed,
      cumulativeGasUsed: receipt.cumulativeGasUsed,
      effectiveGasPrice: receipt.effectiveGasPrice,
      contractAddress: null,
      logsBloom: receipt.logsBloom,
      logs: receipt.logs,
    });
    expect(receipt.logs).toEqual([
      expect.objectContaining({ address: tokenA, topics: [TRANSFER_TOPIC, pad(DEV_ACCOUNTS[9]!.address.toLowerCase() as Hex), pad(ALICE)] }),
    ]);
    expect(results(client.notifications.get(fullObject))).toEqual(results(client.notifications.get(full)));
    client.close();
  });

  it('refuses options Base does not take, with -32602', async () => {
    const client = await connectWs(node.url);
    expect((await client.request('eth_subscribe', ['newFlashblockTransactions', { full: 'yes' }])).error).toMatchObject({
      code: -32602,
      message: 'invalid argument 1: full: boolean expected',
    });
    expect((await client.request('eth_subscribe', ['newFlashblocks', true])).error).toMatchObject({ code: -32602 });
    client.close();
  });
});

describe('newFlashblocks and the pending block (plain ws client)', () => {
  it('sends the accumulated pending block once per sub-block, the sub-block index in nonce and the zero hash, as eth_getBlockByNumber("pending", true)', async () => {
    await seal(node.url);
    const client = await connectWs(node.url);
    const blocks = await client.subscribe('newFlashblocks');
    const ticks = await client.subscribe('newPreconfSubBlocks');
    const sent: Hex[] = [];
    const pendingReads: PendingBlock[] = [];
    // Three sub-blocks, one tx each: each sent once the previous one is pre-confirmed.
    for (let i = 0; i < 3; i++) {
      sent.push(await sendPreconfirmed(node.url, await nextTransfer(2)));
      await client.waitFor(blocks, i + 1);
      pendingReads.push(await rpcResult<PendingBlock>(node.url, 'eth_getBlockByNumber', ['pending', true]));
    }
    const notified = results(await client.waitFor(blocks, 3)) as PendingBlock[];
    expect(notified).toEqual(pendingReads);
    expect(notified.map((block) => block.nonce)).toEqual(['0x0000000000000000', '0x0000000000000001', '0x0000000000000002']);
    for (const [index, block] of notified.entries()) {
      expect(BLOCK_SCHEMA(block as unknown as Json)).toEqual([]);
      expect(block.hash).toBe(ZERO_HASH);
      expect(block.number).toBe(notified[0]!.number);
      expect(block.transactions.map((transaction) => transaction.hash)).toEqual(sent.slice(0, index + 1));
    }

    // Sealing is no sub-block: no notification; the sealed block lists the same txs, with its own hash and a zero nonce.
    await seal(node.url);
    const sealed = await rpcResult<PendingBlock>(node.url, 'eth_getBlockByNumber', [notified[0]!.number, false]);
    expect(sealed.transactions).toEqual(sent);
    expect(sealed.hash).not.toBe(ZERO_HASH);
    expect(sealed.nonce).toBe('0x0000000000000000');
    await sleep(300);
    // One notification per sub-block: as many as the heartbeat's non-empty ticks, with the same indices.
    const subBlocks = (results(client.notifications.get(ticks)) as Array<{ index: Hex | null }>).filter((tick) => tick.index !== null);
    expect(results(client.notifications.get(blocks)).map((block) => BigInt((block as PendingBlock).nonce))).toEqual(
      subBlocks.map((tick) => BigInt(tick.index!)),
    );
    client.close();
  });

  it("viem reads the pending block's OP header: the zero hash and the sub-block index as nonce", async () => {
    await seal(node.url);
    const { publicClient } = viemClients(node.url);
    for (let i = 0; i < 2; i++) await sendPreconfirmed(node.url, await nextTransfer(3));
    const pending = await publicClient.getBlock({ blockTag: 'pending' });
    expect(pending).toMatchObject({ hash: ZERO_HASH, nonce: '0x0000000000000001' });
    expect(pending.transactions).toHaveLength(2);
  });
});

describe('pendingLogs (plain ws client)', () => {
  it('sends the matching logs of each sub-block, one per message, blockHash zero, as the receipts have them', async () => {
    const client = await connectWs(node.url);
    const ofA = await client.subscribe('pendingLogs', { address: tokenA });
    const toAlice = await client.subscribe('pendingLogs', { address: [tokenA, tokenB], topics: [TRANSFER_TOPIC, null, pad(ALICE)] });
    const every = await client.subscribe('pendingLogs');
    const aToBob = await tokenTransfer(node.url, tokenA, BOB);
    const bToAlice = await tokenTransfer(node.url, tokenB, ALICE);
    const aToAlice = await tokenTransfer(node.url, tokenA, ALICE);
    const logOf = async (hash: Hex) => (await rpcResult<Receipt>(node.url, 'eth_getTransactionReceipt', [hash])).logs[0]!;
    const [logAToBob, logBToAlice, logAToAlice] = [await logOf(aToBob), await logOf(bToAlice), await logOf(aToAlice)];
    await client.waitFor(every, 3);
    await sleep(300); // nothing more may arrive

    expect(results(client.notifications.get(ofA))).toEqual([logAToBob, logAToAlice]);
    expect(results(client.notifications.get(toAlice))).toEqual([logBToAlice, logAToAlice]);
    expect(results(client.notifications.get(every))).toEqual([logAToBob, logBToAlice, logAToAlice]);
    expect(logAToAlice).toMatchObject({ address: tokenA, transactionHash: aToAlice, blockHash: ZERO_HASH, removed: false });
    client.close();
  });
});

describe("Base's subscriptions through viem's webSocket transport", () => {
  it('newFlashblockTransactions (full), newFlashblocks and pendingLogs deliver the tx viem sent', async () => {
    const client = createPublicClient({ chain: sequinChain(node.url), transport: webSocket(node.url.replace(/^http/, 'ws')) });
    const received = { transactions: [] as Array<Record<string, unknown>>, blocks: [] as PendingBlock[], logs: [] as Log[] };
    // viem's types name only the standard kinds; the transport sends any kind and hands back each message's params.
    const subscribe = client.transport.subscribe as unknown as (args: {
      params: unknown[];
      onData: (data: { result: never }) => void;
      onError: (error: unknown) => void;
    }) => Promise<{ unsubscribe: () => Promise<unknown> }>;
    const onError = (error: unknown) => {
      throw error;
    };
    const subscriptions = await Promise.all([
      subscribe({ params: ['newFlashblockTransactions', true], onData: ({ result }) => received.transactions.push(result), onError }),
      subscribe({ params: ['newFlashblocks'], onData: ({ result }) => received.blocks.push(result), onError }),
      subscribe({ params: ['pendingLogs', { address: tokenB }], onData: ({ result }) => received.logs.push(result), onError }),
    ]);
    const hash = await tokenTransfer(node.url, tokenB, BOB, 7n);
    await pollUntil(async () => received.transactions.length >= 1 && received.blocks.length >= 1 && received.logs.length >= 1, {
      what: 'the three notifications',
    });

    const receipt = await rpcResult<Receipt>(node.url, 'eth_getTransactionReceipt', [hash]);
    expect(received.transactions[0]).toMatchObject({
      hash,
      blockHash: null,
      blockNumber: receipt.blockNumber,
      status: '0x1',
      gasUsed: receipt.gasUsed,
      logs: receipt.logs,
    });
    expect(received.blocks.at(-1)!.transactions.map((transaction) => transaction.hash)).toContain(hash);
    expect(received.blocks.at(-1)).toMatchObject({ number: receipt.blockNumber, hash: ZERO_HASH });
    expect(received.logs).toEqual(receipt.logs);
    for (const subscription of subscriptions) await subscription.unsubscribe();
  });
});

describe('base_transactionStatus', () => {
  it('is Known for a pooled (queued) and a pre-confirmed tx, Unknown once sealed and for a tx never seen, as Base answers', async () => {
    const { publicClient } = viemClients(node.url);
    const status = (hash: Hex) => publicClient.request({ method: 'base_transactionStatus' as 'eth_chainId', params: [hash] as never }) as Promise<unknown>;
    const stage = async (hash: Hex) => (await rpcResult<{ stage?: string }>(node.url, 'chain_transactionStatus', [hash])).stage;

    expect(await status(`0x${'12'.repeat(32)}`)).toEqual({ status: 'Unknown' });

    // Queued behind a nonce gap: in the pool, not executable.
    const nonce = await publicClient.getTransactionCount({ address: DEV_ACCOUNTS[4]!.address, blockTag: 'pending' });
    const queued = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [await signTransfer(4, nonce + 1)]);
    expect(await status(queued)).toEqual({ status: 'Known' });
    expect(await stage(queued)).toBe('pool');

    // The gap filled: both pre-confirmed in the open block.
    const filler = await sendPreconfirmed(node.url, await signTransfer(4, nonce));
    await pollReceipt(node.url, queued);
    for (const hash of [filler, queued]) {
      expect(await status(hash)).toEqual({ status: 'Known' });
      expect(await stage(hash)).toBe('preconfirmed');
    }

    // Sealed: out of the mempool, Unknown (chain_transactionStatus still follows it).
    await seal(node.url);
    for (const hash of [filler, queued]) {
      expect(await status(hash)).toEqual({ status: 'Unknown' });
      expect(await stage(hash)).toBe('sealed');
    }
  });

  it('refuses a malformed hash with -32602', async () => {
    const client = await connectWs(node.url);
    expect((await client.request('base_transactionStatus', ['0x1234'])).error).toMatchObject({ code: -32602 });
    client.close();
  });
});

describe('in instant and manual mining', () => {
  let other: NodeProcess;
  beforeAll(async () => {
    other = await startNodeProcess({ args: ['--mining', 'instant'] });
  });

  it("each block's sub-block 0 reaches Base's subscriptions: the tx, the block (nonce 0) and its logs", async () => {
    const token = await deployToken(other.url);
    const client = await connectWs(other.url);
    const transactions = await client.subscribe('newFlashblockTransactions', true);
    const blocks = await client.subscribe('newFlashblocks');
    const logs = await client.subscribe('pendingLogs', { address: token });
    const status = await client.subscribe('newFlashblockTransactions');

    // Instant: pre-confirmed and sealed before the send answers.
    const instant = await tokenTransfer(other.url, token, ALICE);
    const [transaction] = await client.waitFor(transactions, 1);
    const [block] = await client.waitFor(blocks, 1);
    const [log] = await client.waitFor(logs, 1);
    const receipt = await rpcResult<Receipt>(other.url, 'eth_getTransactionReceipt', [instant]);
    expect(transaction!.result).toMatchObject({ hash: instant, blockHash: null, blockNumber: receipt.blockNumber, status: '0x1' });
    expect(block!.result).toMatchObject({
      number: receipt.blockNumber,
      hash: ZERO_HASH,
      nonce: '0x0000000000000000',
      transactions: [expect.objectContaining({ hash: instant })],
    });
    expect(log!.result).toMatchObject({ transactionHash: instant, address: token, blockHash: ZERO_HASH, blockNumber: receipt.blockNumber });
    expect(await client.call('base_transactionStatus', [instant])).toEqual({ status: 'Unknown' });

    // Manual: the tx waits in the pool (Known) until evm_mine pre-confirms and seals it.
    await rpcResult(other.url, 'evm_setAutomine', [false]);
    const manual = await tokenTransferUnwaited(other.url, token);
    expect(await client.call('base_transactionStatus', [manual])).toEqual({ status: 'Known' });
    await seal(other.url);
    const [, second] = await client.waitFor(blocks, 2);
    expect(second!.result).toMatchObject({ hash: ZERO_HASH, nonce: '0x0000000000000000', transactions: [expect.objectContaining({ hash: manual })] });
    expect(results(await client.waitFor(status, 2))).toEqual([instant, manual]);
    expect(results(await client.waitFor(logs, 2)).map((entry) => (entry as Log).transactionHash)).toEqual([instant, manual]);
    client.close();
  });
});

/** A token transfer sent without waiting for it to be mined (manual mining). */
async function tokenTransferUnwaited(url: string, token: Hex): Promise<Hex> {
  const { walletClient } = viemClients(url, 9);
  return walletClient.sendTransaction({
    to: token,
    data: encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [BOB, 1n] }),
    gas: 100_000n,
  });
}
