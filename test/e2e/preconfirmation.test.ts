/**
 * A transaction's life as clients see it: accepted → pre-confirmed in a sub-block of the open
 * block (receipt with the open block's number and the zero block hash, within ~one interval) →
 * sealed (the same receipt, now with the real block hash), and eth_getBlockReceipts for every
 * kind of block selector.
 */
import { type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { pollUntil, rpc, rpcResult, viemClients, waitForBlockAfter, ZERO_HASH } from './helpers.js';

type RpcReceipt = Record<string, unknown> & { transactionHash: Hex; blockNumber: Hex; blockHash: Hex; logs: Array<Record<string, unknown>> };
type RpcBlock = Record<string, unknown> & { number: Hex; hash: Hex; transactions: Hex[] };

let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess();
});
afterAll(cleanupNodeProcesses);

describe('pre-confirmation, then sealing', () => {
  let hash: Hex;
  let recipient: Hex;
  let preconfirmed: RpcReceipt;
  const value = parseEther('1.5');

  it('shows the receipt of a sent tx within about one interval, in the open block with the zero hash', async () => {
    const { walletClient } = viemClients(node.url);
    recipient = privateKeyToAddress(generatePrivateKey()).toLowerCase() as Hex;
    // Start right after a seal, so the whole pre-confirmed phase fits in one 2 s block.
    const head = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    await waitForBlockAfter(node.url, head);
    const sentAt = performance.now();
    hash = await walletClient.sendTransaction({ to: recipient, value });
    preconfirmed = await pollUntil(() => rpcResult<RpcReceipt | null>(node.url, 'eth_getTransactionReceipt', [hash]), {
      intervalMs: 20,
      timeoutMs: 5_000,
      what: 'the receipt',
    });
    const elapsed = performance.now() - sentAt;
    expect(elapsed).toBeLessThan(1_000);

    const latest = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    expect(BigInt(preconfirmed.blockNumber)).toBe(latest + 1n);
    expect(preconfirmed).toMatchObject({
      transactionHash: hash,
      blockHash: ZERO_HASH,
      status: '0x1',
      gasUsed: '0x5208',
      type: '0x2',
      to: recipient,
      contractAddress: null,
      logs: [],
    });
    const pendingBlock = await rpcResult<RpcBlock>(node.url, 'eth_getBlockByNumber', ['pending', false]);
    expect(pendingBlock.number).toBe(preconfirmed.blockNumber);
    expect(pendingBlock.transactions).toContain(hash);
  });

  it("lists it in eth_getBlockReceipts('pending'), and 'pending' state reflects it while 'latest' does not", async () => {
    const pendingReceipts = await rpcResult<RpcReceipt[]>(node.url, 'eth_getBlockReceipts', ['pending']);
    expect(pendingReceipts.map((receipt) => receipt.transactionHash)).toContain(hash);
    expect(pendingReceipts.find((receipt) => receipt.transactionHash === hash)).toEqual(preconfirmed);

    const { publicClient } = viemClients(node.url);
    expect(await publicClient.getBalance({ address: recipient, blockTag: 'pending' })).toBe(value);
    expect(await publicClient.getBalance({ address: recipient, blockTag: 'latest' })).toBe(0n);
    expect(await publicClient.getBalance({ address: recipient })).toBe(0n);
    // Still unsealed after those reads, so the 'latest' answers above were about an older block.
    expect(BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'))).toBeLessThan(BigInt(preconfirmed.blockNumber));
  });

  it('keeps the same receipt after sealing, now with the real block hash', async () => {
    const number = BigInt(preconfirmed.blockNumber);
    await waitForBlockAfter(node.url, number - 1n);
    const sealed = await rpcResult<RpcReceipt>(node.url, 'eth_getTransactionReceipt', [hash]);
    const block = await rpcResult<RpcBlock>(node.url, 'eth_getBlockByNumber', [preconfirmed.blockNumber, false]);
    expect(block.hash).not.toBe(ZERO_HASH);
    expect(block.transactions).toContain(hash);
    expect(sealed).toEqual({ ...preconfirmed, blockHash: block.hash });
    for (const field of ['status', 'gasUsed', 'cumulativeGasUsed', 'logs', 'transactionIndex', 'blockNumber', 'effectiveGasPrice', 'from', 'to'] as const) {
      expect(sealed[field], field).toEqual(preconfirmed[field]);
    }

    const full = await rpcResult<Omit<RpcBlock, 'transactions'> & { transactions: Array<Record<string, unknown>> }>(node.url, 'eth_getBlockByNumber', [
      preconfirmed.blockNumber,
      true,
    ]);
    const transaction = full.transactions.find((candidate) => candidate.hash === hash);
    expect(transaction).toMatchObject({
      hash,
      blockHash: block.hash,
      blockNumber: preconfirmed.blockNumber,
      transactionIndex: preconfirmed.transactionIndex,
      to: recipient,
    });

    const { publicClient } = viemClients(node.url);
    expect(await publicClient.getBalance({ address: recipient, blockTag: 'latest' })).toBe(value);
    expect(await publicClient.getBalance({ address: recipient, blockNumber: number - 1n })).toBe(0n);
    expect(await publicClient.getBalance({ address: recipient, blockNumber: number })).toBe(value);
  });

  it('serves eth_getBlockReceipts by number, by hash and by tag', async () => {
    const number = preconfirmed.blockNumber;
    const block = await rpcResult<RpcBlock>(node.url, 'eth_getBlockByNumber', [number, false]);
    const byNumber = await rpcResult<RpcReceipt[]>(node.url, 'eth_getBlockReceipts', [number]);
    expect(byNumber.map((receipt) => receipt.transactionHash)).toEqual(block.transactions);
    expect(byNumber.every((receipt) => receipt.blockHash === block.hash && receipt.blockNumber === number)).toBe(true);
    expect(byNumber.find((receipt) => receipt.transactionHash === hash)).toEqual({ ...preconfirmed, blockHash: block.hash });
    expect(await rpcResult(node.url, 'eth_getBlockReceipts', [block.hash])).toEqual(byNumber);
    expect(await rpcResult(node.url, 'eth_getBlockReceipts', [{ blockHash: block.hash }])).toEqual(byNumber);

    // latest / safe / finalized are the head (a single sequencer never reorganises).
    for (const tag of ['latest', 'safe', 'finalized'] as const) {
      const receipts = await pollUntil(async () => {
        const before = await rpcResult<Hex>(node.url, 'eth_blockNumber');
        const answer = await rpcResult<RpcReceipt[]>(node.url, 'eth_getBlockReceipts', [tag]);
        const after = await rpcResult<Hex>(node.url, 'eth_blockNumber');
        return before === after ? { answer, head: before } : undefined;
      });
      expect(receipts.answer, tag).toEqual(await rpcResult(node.url, 'eth_getBlockReceipts', [receipts.head]));
    }

    expect(await rpcResult(node.url, 'eth_getBlockReceipts', ['earliest'])).toEqual([]);
    expect(await rpcResult(node.url, 'eth_getBlockReceipts', ['0x0'])).toEqual([]);
    expect(await rpc(node.url, 'eth_getBlockReceipts', ['0xffffff'])).toEqual({ jsonrpc: '2.0', id: 1, result: null });
    expect(await rpc(node.url, 'eth_getBlockReceipts', [`0x${'ab'.repeat(32)}`])).toEqual({ jsonrpc: '2.0', id: 1, result: null });
  });

  it("answers 'pending' with the latest block's receipts when nothing is pre-confirmed", async () => {
    // Right after a seal, before anything new is sent, pending = latest.
    const head = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    const next = await waitForBlockAfter(node.url, head);
    const pending = await rpcResult<RpcReceipt[]>(node.url, 'eth_getBlockReceipts', ['pending']);
    const latest = await rpcResult<RpcReceipt[]>(node.url, 'eth_getBlockReceipts', [`0x${next.toString(16)}`]);
    expect(pending).toEqual(latest);
  });
});
