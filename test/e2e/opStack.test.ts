/**
 * OP Stack mode on the real node process (docs/op-stack.md), driven as a Base developer drives it:
 * viem's `base` chain pointed at the node with `publicActionsL2` (estimateL1Fee, estimateL1Gas,
 * getL1BaseFee, estimateTotalFee) and viem's OP formatters reading receipts; the balance arithmetic
 * of a sent transaction and the fee vaults; deposits (type 0x7E) sent raw, as Anvil's optimism mode
 * takes them; every block opening with the L1-attributes deposit; the simulated L1's dev methods.
 * The node runs `--network base` with interval mining (2 s blocks, 200 ms sub-blocks, Base's pace).
 */
import { createPublicClient, createWalletClient, decodeFunctionResult, encodeFunctionData, type Hex, http, keccak256, parseAbi, parseEther, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { base } from 'viem/chains';
import { publicActionsL2, serializeTransaction as serializeOpTransaction } from 'viem/op-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollUntil, rpc, rpcError, rpcResult, waitForBlockAfter } from './helpers.js';

const L1_BLOCK: Hex = '0x4200000000000000000000000000000000000015';
const GAS_PRICE_ORACLE: Hex = '0x420000000000000000000000000000000000000f';
const SEQUENCER_FEE_VAULT: Hex = '0x4200000000000000000000000000000000000011';
const BASE_FEE_VAULT: Hex = '0x4200000000000000000000000000000000000019';
const L1_FEE_VAULT: Hex = '0x420000000000000000000000000000000000001a';
const DEPOSITOR: Hex = '0xdeaddeaddeaddeaddeaddeaddeaddeaddead0001';
const L1_BASE_FEE = 20_000_000_000n;
const L1_BLOB_BASE_FEE = 3_000_000n;

let node: NodeProcess;
let ethereum: NodeProcess;

beforeAll(async () => {
  [node, ethereum] = await Promise.all([
    startNodeProcess({ args: ['--network', 'base', '--l1-base-fee', String(L1_BASE_FEE), '--l1-blob-base-fee', String(L1_BLOB_BASE_FEE)] }),
    startNodeProcess({ args: ['--mining', 'instant'] }),
  ]);
});
afterAll(cleanupNodeProcesses);

/** viem's Base chain pointed at the node, with the OP Stack's L2 actions. */
function baseClients(url: string, index = 0) {
  const chain = { ...base, rpcUrls: { default: { http: [url] } } };
  const transport = http(url, { retryCount: 0 });
  const account = DEV_ACCOUNTS[index]!;
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50, cacheTime: 0 }).extend(publicActionsL2());
  const walletClient = createWalletClient({ chain, transport, account, pollingInterval: 50, cacheTime: 0 });
  return { publicClient, walletClient, account };
}

type RpcTransaction = { hash: Hex; type: Hex; from: Hex; to: Hex | null; nonce: Hex; mint?: Hex; sourceHash?: Hex; depositReceiptVersion?: Hex };
type RpcBlock = { number: Hex; baseFeePerGas: Hex; miner: Hex; transactions: RpcTransaction[] };

function block(url: string, tag: string | bigint): Promise<RpcBlock> {
  return rpcResult<RpcBlock>(url, 'eth_getBlockByNumber', [typeof tag === 'bigint' ? toHex(tag) : tag, true]);
}

/** A deposit (type 0x7E) from `from`, serialized by viem's OP Stack serializer. */
function depositRaw(fields: { from: Hex; to: Hex; mint: bigint; value: bigint; gas?: bigint; salt: string }): Hex {
  return serializeOpTransaction({
    type: 'deposit',
    sourceHash: keccak256(toHex(fields.salt)),
    from: fields.from,
    to: fields.to,
    mint: fields.mint,
    value: fields.value,
    gas: fields.gas ?? 100_000n,
    isSystemTx: false,
    data: '0x',
  });
}

describe('--network base', () => {
  it("is Base's chain id, with the OP predeploys and every block opening with the L1-attributes deposit", async () => {
    expect(await rpcResult(node.url, 'eth_chainId')).toBe('0x2105');
    const head = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    const next = await waitForBlockAfter(node.url, head + 1n);
    for (const number of [next - 1n, next]) {
      const { transactions, miner } = await block(node.url, number);
      expect(miner).toBe(SEQUENCER_FEE_VAULT);
      const [first] = transactions;
      expect(first).toMatchObject({ type: '0x7e', from: DEPOSITOR, to: L1_BLOCK, mint: '0x0', depositReceiptVersion: '0x1' });
      const receipt = await rpcResult<Record<string, unknown>>(node.url, 'eth_getTransactionReceipt', [first!.hash]);
      expect(receipt).toMatchObject({ status: '0x1', type: '0x7e', depositNonce: first!.nonce, depositReceiptVersion: '0x1', effectiveGasPrice: '0x0' });
      expect(receipt).not.toHaveProperty('l1Fee');
    }
    for (const predeploy of [L1_BLOCK, GAS_PRICE_ORACLE, L1_FEE_VAULT, '0x4200000000000000000000000000000000000006']) {
      expect((await rpcResult<Hex>(node.url, 'eth_getCode', [predeploy, 'latest'])).length).toBeGreaterThan(100);
    }
    const { publicClient } = baseClients(node.url);
    expect(await publicClient.getL1BaseFee()).toBe(L1_BASE_FEE);
    const blobBaseFee = decodeFunctionResult({
      abi: parseAbi(['function blobBaseFee() view returns (uint256)']),
      functionName: 'blobBaseFee',
      data: await publicClient.request({
        method: 'eth_call',
        params: [{ to: GAS_PRICE_ORACLE, data: encodeFunctionData({ abi: parseAbi(['function blobBaseFee()']), functionName: 'blobBaseFee' }) }, 'latest'],
      }),
    });
    expect(blobBaseFee).toBe(L1_BLOB_BASE_FEE);
  });

  it("charges what viem's estimateL1Fee says, credits the vaults, and shows op-geth's receipt fields", async () => {
    const { publicClient, walletClient, account } = baseClients(node.url, 1);
    const request = { account, to: privateKeyToAddress(generatePrivateKey()), value: parseEther('0.01') } as const;
    const [l1Fee, l1Gas, totalFee] = await Promise.all([
      publicClient.estimateL1Fee(request),
      publicClient.estimateL1Gas(request),
      publicClient.estimateTotalFee(request),
    ]);
    expect(l1Fee).toBeGreaterThan(0n);
    const hash = await walletClient.sendTransaction(request);
    const pending = await pollUntil(() => publicClient.getTransactionReceipt({ hash }).catch(() => undefined), { what: 'pre-confirmed receipt' });
    // Pre-confirmed: the receipt already carries the L1 fee, in a block whose first tx is the L1-attributes deposit.
    expect(pending.l1Fee).toBe(l1Fee);
    expect((await block(node.url, 'pending')).transactions[0]!.type).toBe('0x7e');
    await waitForBlockAfter(node.url, pending.blockNumber);
    const receipt = await publicClient.getTransactionReceipt({ hash });
    expect(receipt).toMatchObject({ status: 'success', l1Fee, l1GasUsed: l1Gas, l1GasPrice: L1_BASE_FEE });
    const raw = await rpcResult<Record<string, Hex>>(node.url, 'eth_getTransactionReceipt', [hash]);
    expect(raw).toMatchObject({ l1BlobBaseFee: toHex(L1_BLOB_BASE_FEE), l1BaseFeeScalar: toHex(2269), l1BlobBaseFeeScalar: toHex(1_055_762) });
    expect(receipt.transactionIndex).toBe(1);

    const before = receipt.blockNumber - 1n;
    const balance = (address: Hex, blockNumber: bigint) => publicClient.getBalance({ address, blockNumber });
    const { baseFeePerGas } = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
    const l2Fee = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await balance(account.address, receipt.blockNumber)).toBe((await balance(account.address, before)) - request.value - l2Fee - l1Fee);
    expect((await balance(L1_FEE_VAULT, receipt.blockNumber)) - (await balance(L1_FEE_VAULT, before))).toBe(l1Fee);
    expect((await balance(BASE_FEE_VAULT, receipt.blockNumber)) - (await balance(BASE_FEE_VAULT, before))).toBe(receipt.gasUsed * baseFeePerGas!);
    expect((await balance(SEQUENCER_FEE_VAULT, receipt.blockNumber)) - (await balance(SEQUENCER_FEE_VAULT, before))).toBe(
      receipt.gasUsed * (receipt.effectiveGasPrice - baseFeePerGas!),
    );
    // estimateTotalFee is the L1 fee plus the L2 gas at the fee cap viem would offer: never below what was paid.
    expect(totalFee).toBeGreaterThanOrEqual(l1Fee + l2Fee);
    // eth_estimateGas stays L2 gas, as op-geth's.
    expect(await publicClient.estimateGas(request)).toBe(21_000n);
  });

  it("refuses a transaction that can pay its gas but not its L1 fee, in op-geth's words", async () => {
    const poor = privateKeyToAccount(generatePrivateKey());
    const fees = { maxFeePerGas: 1_000_000_000n, maxPriorityFeePerGas: 1_000_000n };
    await rpcResult(node.url, 'anvil_setBalance', [poor.address, toHex(21_000n * fees.maxFeePerGas + 1n)]);
    const raw = await poor.signTransaction({ chainId: 8453, type: 'eip1559', nonce: 0, to: DEV_ACCOUNTS[0]!.address, value: 1n, gas: 21_000n, ...fees });
    const error = await rpcError(node.url, 'eth_sendRawTransaction', [raw]);
    expect(error.message).toMatch(/^insufficient funds for gas \* price \+ value/);
  });

  it('takes a deposit sent raw: minted, executed without fees, shown as op-geth shows it; a failed deposit keeps its mint', async () => {
    const from = privateKeyToAddress(generatePrivateKey()).toLowerCase() as Hex;
    const to = privateKeyToAddress(generatePrivateKey()).toLowerCase() as Hex;
    const raw = depositRaw({ from, to, mint: parseEther('2'), value: parseEther('1'), salt: 'first' });
    const hash = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [raw]);
    expect(hash).toBe(keccak256(raw));
    const receipt = await pollUntil(() => rpcResult<Record<string, Hex> | null>(node.url, 'eth_getTransactionReceipt', [hash]), { what: 'deposit receipt' });
    expect(receipt).toMatchObject({
      status: '0x1',
      type: '0x7e',
      from,
      to,
      gasUsed: '0x5208',
      effectiveGasPrice: '0x0',
      depositNonce: '0x0',
      depositReceiptVersion: '0x1',
    });
    expect(receipt).not.toHaveProperty('l1Fee');
    const transaction = await rpcResult<Record<string, unknown>>(node.url, 'eth_getTransactionByHash', [hash]);
    expect(transaction).toMatchObject({
      type: '0x7e',
      from,
      to,
      mint: toHex(parseEther('2')),
      value: toHex(parseEther('1')),
      sourceHash: keccak256(toHex('first')),
      nonce: '0x0',
      gasPrice: '0x0',
    });
    const { publicClient } = baseClients(node.url);
    const viemTransaction = await publicClient.getTransaction({ hash });
    expect(viemTransaction).toMatchObject({ type: 'deposit', mint: parseEther('2') });
    expect(await publicClient.getBalance({ address: from, blockTag: 'pending' })).toBe(parseEther('1'));
    expect(await publicClient.getBalance({ address: to, blockTag: 'pending' })).toBe(parseEther('1'));

    const failing = depositRaw({ from, to, mint: parseEther('1'), value: parseEther('5'), salt: 'second' });
    const failedHash = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [failing]);
    const failed = await pollUntil(() => rpcResult<Record<string, Hex> | null>(node.url, 'eth_getTransactionReceipt', [failedHash]), {
      what: 'failed deposit receipt',
    });
    expect(failed).toMatchObject({ status: '0x0', gasUsed: toHex(100_000n), depositNonce: '0x1' });
    expect(await publicClient.getBalance({ address: from, blockTag: 'pending' })).toBe(parseEther('2'));
    expect(await publicClient.getTransactionCount({ address: from, blockTag: 'pending' })).toBe(2);
  });

  it('traces a block that opens with its L1-attributes deposit', async () => {
    const head = await block(node.url, 'latest');
    const traces = await rpcResult<Array<{ txHash: Hex; result: { from: Hex; to: Hex; type: string } }>>(node.url, 'debug_traceBlockByNumber', [
      head.number,
      { tracer: 'callTracer' },
    ]);
    expect(traces[0]).toMatchObject({ txHash: head.transactions[0]!.hash, result: { from: DEPOSITOR, to: L1_BLOCK, type: 'CALL' } });
  });

  it('moves the L1 fee with sequin_setL1BaseFee from the next block on; an Ethereum chain refuses it', async () => {
    const { publicClient } = baseClients(node.url);
    const request = { account: DEV_ACCOUNTS[2]!, to: DEV_ACCOUNTS[3]!.address, value: 1n } as const;
    const feeBefore = await publicClient.estimateL1Fee(request);
    expect(await rpcResult(node.url, 'sequin_setL1BaseFee', [toHex(L1_BASE_FEE * 2n)])).toBeNull();
    // The open block may have taken its L1 values already (a sub-block opened it): the next one has the new fee.
    await waitForBlockAfter(node.url, BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber')) + 1n);
    expect(await publicClient.getL1BaseFee()).toBe(L1_BASE_FEE * 2n);
    expect(await publicClient.estimateL1Fee(request)).toBeGreaterThan(feeBefore);
    const error = await rpcError(ethereum.url, 'sequin_setL1BaseFee', ['0x1']);
    expect(error.message).toMatch(/not an OP Stack chain/);
  });
});

describe('a fork of an OP chain (the origin: a --network base node on loopback)', () => {
  it('serves, replays and traces the remote deposits, and charges new transactions the forked L1 fee', async () => {
    // History on the origin: a deposit sent raw, in a block that opens with its L1-attributes deposit.
    const from = privateKeyToAddress(generatePrivateKey()).toLowerCase() as Hex;
    const depositHash = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [
      depositRaw({ from, to: from, mint: parseEther('1'), value: 0n, salt: 'before the fork' }),
    ]);
    const receipt = await pollUntil(() => rpcResult<{ blockNumber: Hex } | null>(node.url, 'eth_getTransactionReceipt', [depositHash]), { what: 'deposit' });
    await waitForBlockAfter(node.url, BigInt(receipt.blockNumber));
    // Base's chain id: the fork runs Base's rules without --network.
    const fork = await startNodeProcess({ args: ['--fork-url', node.url] });
    const remoteBlock = await block(fork.url, BigInt(receipt.blockNumber));
    expect(remoteBlock.transactions.map((transaction) => transaction.type)).toEqual(['0x7e', '0x7e']);
    expect(await rpcResult(fork.url, 'eth_getTransactionReceipt', [depositHash])).toMatchObject({
      type: '0x7e',
      depositNonce: '0x0',
      depositReceiptVersion: '0x1',
    });
    const traces = await rpcResult<Array<{ result: { from: Hex; to: Hex } }>>(fork.url, 'debug_traceBlockByNumber', [
      remoteBlock.number,
      { tracer: 'callTracer' },
    ]);
    expect(traces.map(({ result }) => [result.from, result.to])).toEqual([
      [DEPOSITOR, L1_BLOCK],
      [from, from],
    ]);

    const { publicClient, walletClient, account } = baseClients(fork.url, 4);
    expect(await publicClient.getL1BaseFee()).toBe(await baseClients(node.url).publicClient.getL1BaseFee());
    const request = { account, to: DEV_ACCOUNTS[5]!.address, value: 1n } as const;
    const l1Fee = await publicClient.estimateL1Fee(request);
    const hash = await walletClient.sendTransaction(request);
    const sent = await pollUntil(() => publicClient.getTransactionReceipt({ hash }).catch(() => undefined), { what: 'receipt on the fork' });
    expect(sent.l1Fee).toBe(l1Fee);
    expect(sent.l1Fee).toBeGreaterThan(0n);
    expect((await block(fork.url, 'pending')).transactions[0]).toMatchObject({ type: '0x7e', from: DEPOSITOR });
  });
});

describe('a data directory', () => {
  it('keeps its network: an OP chain restarts with its --network, and refuses to run without it', async () => {
    const first = await startNodeProcess({ storage: 'temp', args: ['--network', 'base', '--mining', 'instant'] });
    const dataDir = { dataDir: first.dataDir! };
    await rpcResult(first.url, 'evm_mine');
    await first.stop();
    await expect(startNodeProcess({ storage: dataDir })).rejects.toThrow(/the data directory holds chain id 8453, not 31337/);
    // Base's chain id without Base's rules: refused too.
    await expect(startNodeProcess({ storage: dataDir, args: ['--chain-id', '8453'] })).rejects.toThrow(/the data directory holds an OP Stack chain/);
    const again = await startNodeProcess({ storage: dataDir, args: ['--network', 'base', '--mining', 'instant'] });
    await rpcResult(again.url, 'evm_mine');
    expect((await block(again.url, 'latest')).transactions[0]).toMatchObject({ type: '0x7e', from: DEPOSITOR });
    await again.stop();
  });
});

describe('the default network', () => {
  it('has no OP predeploys and no deposit transactions', async () => {
    expect(await rpcResult(ethereum.url, 'eth_getCode', [GAS_PRICE_ORACLE, 'latest'])).toBe('0x');
    const from = privateKeyToAddress(generatePrivateKey());
    const response = await rpc(ethereum.url, 'eth_sendRawTransaction', [depositRaw({ from, to: from, mint: 1n, value: 0n, salt: 'x' })]);
    expect(response.error?.message).toMatch(/transaction type not supported/);
  });
});
