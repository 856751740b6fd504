/**
 * Deposits (type 0x7E) on an OP Stack node process (docs/op-stack.md, "Deposits sent by you"):
 *
 *   - eth_sendTransaction takes a deposit as Anvil's optimism mode does (sourceHash, mint, isSystemTx),
 *     checked against the real `anvil --optimism`: the same request gives the same deposit (same hash,
 *     same fields), executed the same way;
 *   - a deposit is pre-confirmed like any transaction — next sub-block, `pending`, the flashblocks
 *     subscription, kept across a crash — within the OP rule that deposits come first in a block: while
 *     the open block holds an ordinary transaction, a deposit waits for the next block's first sub-block;
 *   - BASEFEE inside a deposit reads the block's base fee (op-geth's block context), GASPRICE 0.
 *
 * The node runs `--network optimism` with 30 s blocks: evm_mine seals a block and starts the next one's
 * clock, so each step below happens inside one open block whose sealing the test decides.
 */
import { type Hex, keccak256, parseEther, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { type AnvilProcess, cleanupAnvilProcesses, startAnvil } from '../../src/testing/tools/startAnvil.js';
import { DEV_ACCOUNTS, pollUntil, rpcError, rpcResult, signTransfer, sleep } from './helpers.js';
import { connectWs } from './wsClient.js';

const NETWORK = ['--network', 'optimism', '--block-time', '30000'];

let node: NodeProcess;
let anvil: AnvilProcess;
let ethereum: NodeProcess;

beforeAll(async () => {
  [node, anvil, ethereum] = await Promise.all([
    startNodeProcess({ storage: 'temp', args: NETWORK }),
    startAnvil({ args: ['--optimism'] }),
    startNodeProcess({ args: ['--mining', 'instant'] }),
  ]);
});
afterAll(async () => {
  await cleanupAnvilProcesses();
  await cleanupNodeProcesses();
});

type Receipt = Record<string, unknown> & { blockNumber: Hex; transactionIndex: Hex; status: Hex; contractAddress: Hex | null };
type Transaction = Record<string, unknown> & { type: Hex };

const fresh = () => privateKeyToAddress(generatePrivateKey()).toLowerCase() as Hex;

/** An eth_sendTransaction deposit request, with Anvil's field names. */
function depositRequest(fields: { from: Hex; to?: Hex; mint?: bigint; value?: bigint; input?: Hex; gas?: bigint; salt: string }) {
  return {
    from: fields.from,
    ...(fields.to ? { to: fields.to } : {}),
    sourceHash: keccak256(toHex(fields.salt)),
    ...(fields.mint === undefined ? {} : { mint: toHex(fields.mint) }),
    isSystemTx: false,
    ...(fields.value === undefined ? {} : { value: toHex(fields.value) }),
    ...(fields.input ? { input: fields.input } : {}),
    ...(fields.gas === undefined ? {} : { gas: toHex(fields.gas) }),
  };
}

function receiptOf(url: string, hash: Hex): Promise<Receipt> {
  return pollUntil(() => rpcResult<Receipt | null>(url, 'eth_getTransactionReceipt', [hash]), { what: `receipt of ${hash}` });
}

/** Seals the open block now (the next one opens with a full 30 s ahead of it); returns the new open block's number. */
async function sealNow(url: string): Promise<bigint> {
  await rpcResult(url, 'evm_mine');
  return BigInt(await rpcResult<Hex>(url, 'eth_blockNumber')) + 1n;
}

describe('eth_sendTransaction with deposit fields (as Anvil --optimism)', () => {
  it('makes the same deposit as Anvil: same hash and fields, minted and executed the same way, from an address without a key', async () => {
    const to = fresh();
    const runOn = async (url: string, from: Hex) => {
      const request = depositRequest({ from, to, mint: parseEther('1'), value: parseEther('0.25'), salt: `anvil-${from}` });
      const hash = await rpcResult<Hex>(url, 'eth_sendTransaction', [request]);
      const receipt = await receiptOf(url, hash);
      const transaction = await rpcResult<Transaction>(url, 'eth_getTransactionByHash', [hash]);
      const balances = await Promise.all([from, to].map(async (address) => BigInt(await rpcResult<Hex>(url, 'eth_getBalance', [address, 'pending']))));
      return { hash, receipt, transaction, balances };
    };
    const from = fresh();
    const sequin = await runOn(node.url, from);
    const reference = await runOn(anvil.url, from);

    expect(sequin.hash).toBe(reference.hash);
    const shared = ['hash', 'type', 'from', 'to', 'mint', 'value', 'gas', 'input', 'sourceHash'];
    const pick = (object: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((key) => [key, object[key]]));
    expect(pick(sequin.transaction, shared)).toEqual(pick(reference.transaction, shared));
    expect(sequin.transaction).toMatchObject({ type: '0x7e', from, to, mint: toHex(parseEther('1')), gas: '0x5208' });
    // Anvil writes the receipt's type as "0x7E"; its depositNonce is the nonce after the deposit, op-geth's
    // (and Sequin's) the nonce before: docs/op-stack.md lists both.
    const receiptFields = ['status', 'gasUsed', 'effectiveGasPrice', 'depositReceiptVersion', 'from', 'to'];
    expect(pick(sequin.receipt, receiptFields)).toEqual(pick(reference.receipt, receiptFields));
    expect(sequin.receipt).toMatchObject({ status: '0x1', depositNonce: '0x0', depositReceiptVersion: '0x1', effectiveGasPrice: '0x0' });
    expect(sequin.balances).toEqual([parseEther('0.75'), parseEther('0.25')]);
    expect(sequin.balances).toEqual(reference.balances);
  });

  it("refuses an incomplete deposit request in Anvil's words; the default network refuses deposits as it refuses the raw bytes", async () => {
    const from = fresh();
    const missing = { from, to: fresh(), mint: '0x1' };
    const error = await rpcError(node.url, 'eth_sendTransaction', [missing]);
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(`deposit transaction can't be built due to missing keys: ["sourceHash", "isSystemTx"]`);
    const anvilError = await rpcError(anvil.url, 'eth_sendTransaction', [{ ...missing, type: '0x7e' }]);
    expect(anvilError.message).toContain(`deposit transaction can't be built due to missing keys: ["sourceHash", "isSystemTx"]`);
    expect((await rpcError(node.url, 'eth_sendTransaction', [{ from, type: '0x7e', sourceHash: keccak256('0x01') }])).message).toContain(
      `missing keys: ["isSystemTx"]`,
    );

    const onEthereum = await rpcError(ethereum.url, 'eth_sendTransaction', [depositRequest({ from, to: fresh(), salt: 'ethereum' })]);
    expect(onEthereum.message).toBe('transaction type not supported');
  });
});

describe('a deposit is pre-confirmed like any transaction, deposits first in a block', () => {
  it('lands in the next sub-block while its block holds deposits only: readable at pending, announced as a flashblock transaction', async () => {
    const ws = await connectWs(node.url);
    const subscription = await ws.subscribe('newFlashblockTransactions');
    const open = await sealNow(node.url);
    const from = fresh();
    const first = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [depositRequest({ from, to: fresh(), mint: 1000n, salt: `first-${from}` })]);
    const firstReceipt = await receiptOf(node.url, first);
    const second = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [depositRequest({ from, to: fresh(), mint: 500n, salt: `second-${from}` })]);
    const secondReceipt = await receiptOf(node.url, second);

    // Both in the open block (no seal came: it has 30 s), the second in a later sub-block right after the first.
    expect(BigInt(firstReceipt.blockNumber)).toBe(open);
    expect(BigInt(secondReceipt.blockNumber)).toBe(open);
    expect(BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'))).toBe(open - 1n);
    expect(BigInt(secondReceipt.transactionIndex)).toBe(BigInt(firstReceipt.transactionIndex) + 1n);
    expect(BigInt(firstReceipt.transactionIndex)).toBe(1n); // after the L1-attributes deposit
    const pending = await rpcResult<{ number: Hex; transactions: Hex[] }>(node.url, 'eth_getBlockByNumber', ['pending', false]);
    expect(pending.transactions.slice(1)).toEqual([first, second]);
    expect(BigInt(await rpcResult<Hex>(node.url, 'eth_getBalance', [from, 'pending']))).toBe(1500n);
    expect(await rpcResult(node.url, 'base_transactionStatus', [second])).toEqual({ status: 'Known' });

    const announced = await ws.waitFor(subscription, 1);
    await pollUntil(async () => ws.notifications.get(subscription)!.some((notification) => notification.result === second) || undefined, {
      what: 'the second deposit announced',
    });
    expect(announced.map((notification) => notification.result)).toContain(first);
    ws.close();
  });

  it('waits for the next block while its block holds an ordinary transaction, then opens that block right after the L1-attributes deposit', async () => {
    const open = await sealNow(node.url);
    const nonce = Number(await rpcResult<Hex>(node.url, 'eth_getTransactionCount', [DEV_ACCOUNTS[1]!.address, 'pending']));
    const transfer = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [await signTransfer(1, nonce)]);
    expect(BigInt((await receiptOf(node.url, transfer)).blockNumber)).toBe(open);
    const from = fresh();
    const deposit = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [depositRequest({ from, to: fresh(), mint: 7n, salt: `late-${from}` })]);
    // Sub-blocks keep coming (every 200 ms); none may put the deposit after the transfer.
    await sleep(1_000);
    expect(await rpcResult(node.url, 'eth_getTransactionReceipt', [deposit])).toBeNull();
    expect(await rpcResult(node.url, 'base_transactionStatus', [deposit])).toEqual({ status: 'Known' });

    const next = await sealNow(node.url);
    const receipt = await receiptOf(node.url, deposit);
    expect(BigInt(receipt.blockNumber)).toBe(next);
    expect(receipt.transactionIndex).toBe('0x1');
    const block = await rpcResult<{ transactions: Transaction[] }>(node.url, 'eth_getBlockByNumber', ['pending', true]);
    expect(block.transactions.slice(0, 2).map((transaction) => transaction.type)).toEqual(['0x7e', '0x7e']);
  });

  it('keeps a pre-confirmed deposit, and a waiting one, across a crash', async () => {
    const open = await sealNow(node.url);
    const from = fresh();
    const kept = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [depositRequest({ from, to: fresh(), mint: 11n, salt: `kept-${from}` })]);
    const keptReceipt = await receiptOf(node.url, kept);
    expect(BigInt(keptReceipt.blockNumber)).toBe(open);
    const nonce = Number(await rpcResult<Hex>(node.url, 'eth_getTransactionCount', [DEV_ACCOUNTS[2]!.address, 'pending']));
    await receiptOf(node.url, await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [await signTransfer(2, nonce)]));
    const waiting = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [depositRequest({ from, to: fresh(), mint: 13n, salt: `waiting-${from}` })]);

    await node.kill9();
    node = await startNodeProcess({ storage: { dataDir: node.dataDir! }, args: NETWORK });
    expect(await rpcResult<Receipt>(node.url, 'eth_getTransactionReceipt', [kept])).toMatchObject({
      blockNumber: keptReceipt.blockNumber,
      transactionIndex: keptReceipt.transactionIndex,
      status: '0x1',
    });
    await sealNow(node.url);
    const waitingReceipt = await receiptOf(node.url, waiting);
    expect(waitingReceipt).toMatchObject({ status: '0x1', transactionIndex: '0x1' });
    expect(BigInt(await rpcResult<Hex>(node.url, 'eth_getBalance', [from, 'pending']))).toBe(24n);
  });
});

describe('BASEFEE inside a deposit', () => {
  it("reads the block's base fee, as in op-geth (GASPRICE reads 0: the deposit pays nothing)", async () => {
    const open = await sealNow(node.url);
    // Init code: SSTORE(0, BASEFEE) SSTORE(1, GASPRICE) STOP.
    const initCode: Hex = '0x486000553a60015500';
    const from = fresh();
    const hash = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [depositRequest({ from, input: initCode, gas: 100_000n, salt: `basefee-${from}` })]);
    const receipt = await receiptOf(node.url, hash);
    expect(receipt.status).toBe('0x1');
    expect(BigInt(receipt.blockNumber)).toBe(open);
    const { baseFeePerGas } = await rpcResult<{ baseFeePerGas: Hex }>(node.url, 'eth_getBlockByNumber', ['pending', false]);
    expect(BigInt(baseFeePerGas)).toBeGreaterThan(0n);
    const slot = (index: number) => rpcResult<Hex>(node.url, 'eth_getStorageAt', [receipt.contractAddress!, toHex(index), 'pending']);
    expect(BigInt(await slot(0))).toBe(BigInt(baseFeePerGas));
    expect(BigInt(await slot(1))).toBe(0n);
  });
});
