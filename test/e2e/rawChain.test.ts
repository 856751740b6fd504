/**
 * The execution-apis reads beside eth_simulateV1, against the real node: debug_getRawHeader,
 * debug_getRawBlock, debug_getRawReceipts and debug_getRawTransaction (checked as any client
 * would: the header hashes to the block hash, the transactions and receipts rebuild the block's
 * roots), eth_getStorageValues, eth_baseFee and eth_capabilities.
 */
import { fromRlp, type Hex, hexToBigInt, keccak256, pad, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderedTrieRoot } from '../../src/chain/trieRoot.js';
import { bytesToHex, hexToBytes } from '../../src/primitives/hex.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollReceipt, rpcError, rpcResult, signTransfer, viemClients, waitForBlockAfter } from './helpers.js';

/** Init code that stores 42 in slot 0 and 7 in slot 5, and deploys no code. */
const STORE_42_AND_7: Hex = '0x602a600055600760055500';

let node: NodeProcess;
/** The sealed block of a legacy transaction that created an account with storage (a dynamic-fee one sent with it lands there too, mostly). */
let sealed: { number: bigint; hash: Hex; transactionsRoot: Hex; receiptsRoot: Hex; transactions: Hex[] };
let storageAccount: Hex;

beforeAll(async () => {
  node = await startNodeProcess({ storage: 'temp' });
  const { walletClient } = viemClients(node.url);
  const legacy = await walletClient.sendTransaction({ type: 'legacy', data: STORE_42_AND_7, gasPrice: 10_000_000_000n });
  const dynamic = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [await signTransfer(1, 0)]);
  const receipt = await pollReceipt(node.url, legacy);
  await pollReceipt(node.url, dynamic);
  storageAccount = receipt.contractAddress!.toLowerCase() as Hex;
  await waitForBlockAfter(node.url, receipt.blockNumber);
  sealed = await rpcResult(node.url, 'eth_getBlockByNumber', [toHex(receipt.blockNumber), false]);
  sealed.number = receipt.blockNumber;
});
afterAll(cleanupNodeProcesses);

describe('debug_getRaw*', () => {
  it('debug_getRawHeader: keccak256 of the header is the block hash (genesis too)', async () => {
    const header = await rpcResult<Hex>(node.url, 'debug_getRawHeader', [toHex(sealed.number)]);
    expect(keccak256(header)).toBe(sealed.hash);
    const genesis = await rpcResult<{ hash: Hex }>(node.url, 'eth_getBlockByNumber', ['0x0', false]);
    expect(keccak256(await rpcResult<Hex>(node.url, 'debug_getRawHeader', ['earliest']))).toBe(genesis.hash);
    expect(keccak256(await rpcResult<Hex>(node.url, 'debug_getRawHeader', [sealed.hash]))).toBe(sealed.hash);
  });

  it('debug_getRawBlock: [header, transactions, uncles, withdrawals], the transactions those debug_getRawTransaction gives', async () => {
    const block = await rpcResult<Hex>(node.url, 'debug_getRawBlock', [toHex(sealed.number)]);
    const [header, transactions, uncles, withdrawals] = fromRlp(block, 'hex') as [Hex[], Array<Hex | Hex[]>, Hex[], Hex[]];
    expect(keccak256(await rpcResult<Hex>(node.url, 'debug_getRawHeader', [toHex(sealed.number)]))).toBe(sealed.hash);
    expect(header[0]).toBe((await rpcResult<{ parentHash: Hex }>(node.url, 'eth_getBlockByNumber', [toHex(sealed.number), false])).parentHash);
    expect(uncles).toEqual([]);
    expect(withdrawals).toEqual([]);
    const raws = await Promise.all(sealed.transactions.map((hash) => rpcResult<Hex>(node.url, 'debug_getRawTransaction', [hash])));
    expect(raws.map((raw) => keccak256(raw))).toEqual(sealed.transactions);
    // The legacy transaction is a list inside the block, the typed one a byte string of its EIP-2718 bytes.
    expect(transactions).toHaveLength(sealed.transactions.length);
    expect(bytesToHex(orderedTrieRoot(raws.map((raw) => hexToBytes(raw))))).toBe(sealed.transactionsRoot);
  });

  it("debug_getRawReceipts: the block's receipts, whose trie root is its receiptsRoot", async () => {
    const receipts = await rpcResult<Hex[]>(node.url, 'debug_getRawReceipts', [toHex(sealed.number)]);
    expect(receipts).toHaveLength(sealed.transactions.length);
    expect(bytesToHex(orderedTrieRoot(receipts.map((receipt) => hexToBytes(receipt))))).toBe(sealed.receiptsRoot);
    expect(await rpcResult(node.url, 'debug_getRawReceipts', ['0x0'])).toEqual([]);
  });

  it('unknown blocks and transactions, and malformed arguments, as geth answers them', async () => {
    expect(await rpcError(node.url, 'debug_getRawHeader', ['0xffffff'])).toEqual({ code: -32000, message: 'header not found' });
    expect(await rpcError(node.url, 'debug_getRawBlock', ['0xffffff'])).toEqual({ code: -32000, message: 'block #16777215 not found' });
    expect((await rpcError(node.url, 'debug_getRawBlock', ['2'])).code).toBe(-32602);
    expect(await rpcResult(node.url, 'debug_getRawTransaction', [pad('0x1234', { size: 32 })])).toBeNull();
  });
});

describe('eth_getStorageValues, eth_baseFee, eth_capabilities', () => {
  it('eth_getStorageValues: slots of several accounts at once, 32 bytes each, as eth_getStorageAt reads them', async () => {
    const nobody = DEV_ACCOUNTS[5]!.address.toLowerCase();
    const slots = [toHex(0n), pad('0x05', { size: 32 }), toHex(9n)];
    const values = await rpcResult<Record<string, Hex[]>>(node.url, 'eth_getStorageValues', [{ [storageAccount]: slots, [nobody]: [toHex(1n)] }, 'latest']);
    expect(values).toEqual({
      [storageAccount]: [pad('0x2a', { size: 32 }), pad('0x07', { size: 32 }), pad('0x00', { size: 32 })],
      [nobody]: [pad('0x00', { size: 32 })],
    });
    expect(values[storageAccount]![0]).toBe(await rpcResult(node.url, 'eth_getStorageAt', [storageAccount, '0x0', 'latest']));
    // Before the account existed, its slots were empty.
    const before = await rpcResult<Record<string, Hex[]>>(node.url, 'eth_getStorageValues', [{ [storageAccount]: [toHex(0n)] }, toHex(sealed.number - 1n)]);
    expect(before[storageAccount]).toEqual([pad('0x00', { size: 32 })]);
    expect(await rpcError(node.url, 'eth_getStorageValues', [{}, 'latest'])).toEqual({ code: -32602, message: 'empty request' });
    const tooMany = Array.from({ length: 1025 }, (_, index) => toHex(index));
    expect(await rpcError(node.url, 'eth_getStorageValues', [{ [nobody]: tooMany }])).toEqual({ code: -32602, message: 'too many slots (max 1024)' });
  });

  it("eth_baseFee: the next block's base fee, the one eth_feeHistory gives after the head's", async () => {
    const nextBaseFee = async () => (await rpcResult<{ baseFeePerGas: Hex[] }>(node.url, 'eth_feeHistory', ['0x1', 'latest', []])).baseFeePerGas[1]!;
    const before = await nextBaseFee();
    const baseFee = await rpcResult<Hex>(node.url, 'eth_baseFee');
    const after = await nextBaseFee();
    // A seal between the reads opens the next block with another base fee.
    expect([before, after]).toContain(baseFee);
    expect(hexToBigInt(baseFee)).toBeGreaterThan(0n);
  });

  it('eth_capabilities: the head, and every kind of data kept from genesis', async () => {
    const before = await viemClients(node.url).publicClient.getBlockNumber();
    const capabilities = await rpcResult<{ head: { number: Hex; hash: Hex } } & Record<string, unknown>>(node.url, 'eth_capabilities');
    const head = await rpcResult<{ hash: Hex }>(node.url, 'eth_getBlockByNumber', [capabilities.head.number, false]);
    expect(hexToBigInt(capabilities.head.number)).toBeGreaterThanOrEqual(before);
    expect(capabilities.head.hash).toBe(head.hash);
    for (const kind of ['state', 'tx', 'logs', 'receipts', 'blocks', 'stateproofs'])
      expect(capabilities[kind]).toEqual({ disabled: false, oldestBlock: '0x0' });
  });
});
