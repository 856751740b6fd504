/**
 * `--mining instant`, the mode for test suites, as the tools people use see it: every write
 * answers with its transaction already sealed in "latest", so cast and forge find the nonce,
 * the code and the receipt at their first look (run twice back to back, as a test suite does),
 * viem's waitForTransactionReceipt and ethers' wait(1) resolve at once with clients that have no
 * special configuration, a JSON-RPC batch of transactions lands in one block, and each block's one
 * signed commitment names its roots.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JsonRpcProvider, Wallet } from 'ethers';
import { createPublicClient, createWalletClient, defineChain, type Hex, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { copyFoundryProject, type FixtureProject, removeFixtureCopies } from '../../src/testing/tools/copyFixtureProject.js';
import { runCast, runForge } from '../../src/testing/tools/runFoundry.js';
import { describeToolResult, type ToolResult } from '../../src/testing/tools/runTool.js';
import { DEV_ACCOUNTS, DEV_KEYS, postRaw, rpcResult, signTransfer } from './helpers.js';

/** Tool runs take seconds (forge compiles with WebAssembly solc); more on a loaded 2-core machine. */
const TOOLS = { timeout: 120_000 };
/** viem's and ethers' default polling interval: what a wait costs when the first look misses. */
const DEFAULT_POLLING_MS = 4_000;

function succeeded(result: ToolResult): string {
  expect(result.exitCode, describeToolResult(result)).toBe(0);
  return result.stdout;
}

let node: NodeProcess;
let foundry: FixtureProject;

beforeAll(async () => {
  node = await startNodeProcess({ args: ['--mining', 'instant'] });
  foundry = copyFoundryProject();
});
afterAll(async () => {
  await cleanupNodeProcesses();
  removeFixtureCopies();
});

describe('start-up', () => {
  it('the banner says how blocks are made in this mode', () => {
    expect(node.stdout()).toContain('instant mining (each submission sealed in its block before it answers)');
    expect(node.stdout()).not.toContain('sub-blocks every');
  });
});

describe('cast and forge', TOOLS, () => {
  it('cast send twice back to back: both succeed, each receipt in "latest" at once', async () => {
    const recipient = privateKeyToAddress(generatePrivateKey());
    for (const value of ['1', '2']) {
      const sent = JSON.parse(succeeded(await runCast(['send', '--private-key', DEV_KEYS[1], recipient, '--value', value, '--json', '--rpc-url', node.url])));
      expect(sent.status).toBe('0x1');
      expect(BigInt(sent.blockNumber)).toBe(BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber')));
    }
    expect(succeeded(await runCast(['balance', recipient, '--rpc-url', node.url])).trim()).toBe('3');
  });

  it('forge script broadcasting 7 transactions, run twice back to back: every transaction succeeds, cast call reads "latest"', async () => {
    for (const run of [1, 2]) {
      const args = ['script', 'script/Counter.s.sol:CounterScript', '--broadcast', '--private-key', DEV_KEYS[3], '--rpc-url', node.url];
      expect(succeeded(await runForge(args, { cwd: foundry.dir })), `run ${run}`).toContain('ONCHAIN EXECUTION COMPLETE & SUCCESSFUL');
      const log = JSON.parse(readFileSync(join(foundry.dir, 'broadcast', 'Counter.s.sol', '31337', 'run-latest.json'), 'utf8'));
      expect(log.transactions).toHaveLength(7);
      expect(log.receipts.map((receipt: { status: string }) => receipt.status)).toEqual(Array(7).fill('0x1'));
      const counter = log.transactions[0].contractAddress as string;
      // No --block pending: the deployment and the calls are sealed already.
      expect(succeeded(await runCast(['call', counter, 'number()(uint256)', '--rpc-url', node.url])).trim()).toBe('47');
    }
  });
});

describe('viem and ethers with their defaults', () => {
  it('viem waitForTransactionReceipt resolves at its first look (no 4 s poll), with a chain that has no special config', async () => {
    const chain = defineChain({
      id: 31337,
      name: 'Any',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [node.url] } },
    });
    const publicClient = createPublicClient({ chain, transport: http() });
    const walletClient = createWalletClient({ chain, transport: http(), account: DEV_ACCOUNTS[5]! });
    for (let round = 0; round < 3; round++) {
      const hash = await walletClient.sendTransaction({ to: privateKeyToAddress(generatePrivateKey()), value: parseEther('0.01') });
      const started = performance.now();
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe('success');
      expect(performance.now() - started).toBeLessThan(DEFAULT_POLLING_MS / 2);
    }
  });

  it('ethers wait(1) resolves at once through a plain JsonRpcProvider', async () => {
    const provider = new JsonRpcProvider(node.url);
    try {
      // A sender per round: ethers caches identical requests for 250 ms, the nonce query included.
      for (const key of [DEV_KEYS[6], DEV_KEYS[9], DEV_KEYS[0]]) {
        const wallet = new Wallet(key, provider);
        const response = await wallet.sendTransaction({ to: privateKeyToAddress(generatePrivateKey()), value: 10n ** 15n });
        const started = performance.now();
        const receipt = await response.wait(1);
        expect(receipt?.status).toBe(1);
        expect(performance.now() - started).toBeLessThan(DEFAULT_POLLING_MS / 2);
      }
    } finally {
      provider.destroy();
    }
  });
});

describe('transactions that arrive together', () => {
  it('a JSON-RPC batch of transactions is mined in one block, answered with every receipt already there', async () => {
    const before = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    const raws = await Promise.all([0, 1, 2, 3, 4].map((nonce) => signTransfer(7, nonce)));
    const body = JSON.stringify(raws.map((raw, id) => ({ jsonrpc: '2.0', id, method: 'eth_sendRawTransaction', params: [raw] })));
    const { status, text } = await postRaw(node.url, body);
    expect(status).toBe(200);
    const hashes = (JSON.parse(text) as Array<{ result: Hex }>).map((response) => response.result);
    const receipts = await Promise.all(hashes.map((hash) => rpcResult<{ blockNumber: Hex; status: Hex }>(node.url, 'eth_getTransactionReceipt', [hash])));
    expect(receipts.map((receipt) => receipt.status)).toEqual(Array(5).fill('0x1'));
    expect(new Set(receipts.map((receipt) => receipt.blockNumber))).toEqual(new Set([`0x${(before + 1n).toString(16)}`]));
  });

  it('a nonce gap filled later mines the transactions it held back', async () => {
    const [second, third] = await Promise.all([signTransfer(8, 1), signTransfer(8, 2)]);
    const queued = [await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [second]), await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [third])];
    expect(await rpcResult(node.url, 'eth_getTransactionReceipt', [queued[0]])).toBeNull();
    await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [await signTransfer(8, 0)]);
    for (const hash of queued) expect(await rpcResult<{ status: Hex }>(node.url, 'eth_getTransactionReceipt', [hash])).toMatchObject({ status: '0x1' });
  });
});

describe('signed commitments', () => {
  it("each instant block's one commitment names the block's roots, for a transaction and for a state edit", async () => {
    const before = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    const nonce = Number(await rpcResult<Hex>(node.url, 'eth_getTransactionCount', [DEV_ACCOUNTS[9]!.address, 'pending']));
    await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [await signTransfer(9, nonce)]);
    await rpcResult(node.url, 'anvil_setCode', [privateKeyToAddress(generatePrivateKey()), '0x6001600155']);
    const head = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    expect(head).toBe(before + 2n);
    for (let number = before + 1n; number <= head; number++) {
      const tag = `0x${number.toString(16)}`;
      const block = await rpcResult<{ stateRoot: Hex; transactionsRoot: Hex; receiptsRoot: Hex }>(node.url, 'eth_getBlockByNumber', [tag, false]);
      const signed = await rpcResult<Array<{ commitment: Record<string, Hex> }>>(node.url, 'sequin_getCommitments', [tag]);
      expect(signed, `block ${number}`).toHaveLength(1);
      const { stateRoot, transactionsRoot, receiptsRoot } = block;
      expect(signed[0]!.commitment, `block ${number}`).toMatchObject({ stateRoot, transactionsRoot, receiptsRoot });
    }
  });
});
