/**
 * The dev/test surface as viem's test client uses it (`createTestClient`, modes `anvil` and
 * `hardhat`), against the real node process in its default interval mode: balances, code,
 * nonces and storage; impersonation (an EOA and a contract); unsigned sends; dropping pool
 * transactions; a state dump loaded into a fresh node (same state root); the methods'
 * dedicated tier; and Hardhat Ignition on chain 31337, which calls hardhat_metadata.
 *
 * Interval mode pre-confirms an edit at once ("pending") and seals it at the next block
 * ("latest"); `--mining instant` seals at once (docs/guides/dev-methods.md#state-edits-are-pre-confirmed-like-transactions).
 */
import { createTestClient, createWalletClient, encodeFunctionData, getAddress, type Hex, http, keccak256, numberToHex, parseEther, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterArtifact } from '../../src/testing/contracts/artifacts.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { copyHardhatProject, removeFixtureCopies } from '../../src/testing/tools/copyFixtureProject.js';
import { ensureHardhatInstalled } from '../../src/testing/tools/hardhatInstallation.js';
import { runIgnitionDeploy } from '../../src/testing/tools/runHardhat.js';
import { describeToolResult } from '../../src/testing/tools/runTool.js';
import { DEV_KEYS, pollReceipt, postRaw, rpcResult, sequinChain, viemClients, waitForBlockAfter } from './helpers.js';

const WHALE = getAddress('0x00000000000000000000000000000000000a11ce');
const RECIPIENT = getAddress('0x000000000000000000000000000000000000b0b0');

let node: NodeProcess;
beforeAll(async () => {
  node = await startNodeProcess();
});
afterAll(async () => {
  await cleanupNodeProcesses();
  removeFixtureCopies();
});

function testClient(mode: 'anvil' | 'hardhat', url = node.url) {
  return createTestClient({ mode, chain: sequinChain(url), transport: http(url, { retryCount: 0 }), pollingInterval: 20 });
}

/** Seals the open block (waits for the next head) and returns the latest block's state root. */
async function sealedStateRoot(url: string): Promise<Hex> {
  const head = BigInt(await rpcResult<Hex>(url, 'eth_blockNumber'));
  await waitForBlockAfter(url, head);
  return (await rpcResult<{ stateRoot: Hex }>(url, 'eth_getBlockByNumber', ['latest', false])).stateRoot;
}

describe.each(['anvil', 'hardhat'] as const)('viem test client, mode %s', (mode) => {
  it('sets balance, code, nonce and storage: "pending" at once, "latest" after the next seal', async () => {
    const client = testClient(mode);
    const { publicClient } = viemClients(node.url);
    const target = getAddress(keccak256(toHex(`target ${mode}`)).slice(0, 42));
    await client.setBalance({ address: target, value: parseEther('12.5') });
    await client.setCode({ address: target, bytecode: counterArtifact.deployedBytecode });
    await client.setNonce({ address: target, nonce: 17 });
    await client.setStorageAt({ address: target, index: 0, value: numberToHex(41, { size: 32 }) });

    expect(await publicClient.getBalance({ address: target, blockTag: 'pending' })).toBe(parseEther('12.5'));
    expect(await publicClient.getCode({ address: target, blockTag: 'pending' })).toBe(counterArtifact.deployedBytecode);
    expect(await publicClient.getTransactionCount({ address: target, blockTag: 'pending' })).toBe(17);
    expect(await publicClient.readContract({ address: target, abi: counterArtifact.abi, functionName: 'count', blockTag: 'pending' })).toBe(41n);

    const head = await publicClient.getBlockNumber();
    await waitForBlockAfter(node.url, head);
    expect(await publicClient.getBalance({ address: target })).toBe(parseEther('12.5'));
    expect(await publicClient.readContract({ address: target, abi: counterArtifact.abi, functionName: 'count' })).toBe(41n);
    const proof = await publicClient.getProof({ address: target, storageKeys: [numberToHex(0, { size: 32 })] });
    expect(proof.nonce).toBe(17);
    expect(proof.storageProof[0]?.value).toBe(41n);
  });

  it('impersonates an address without a key and sends from it, to a contract and from a contract', async () => {
    const client = testClient(mode);
    const { publicClient } = viemClients(node.url);
    const whale = getAddress(keccak256(toHex(`whale ${mode}`)).slice(0, 42));
    await client.setBalance({ address: whale, value: parseEther('100') });
    await client.impersonateAccount({ address: whale });
    const wallet = createWalletClient({ chain: sequinChain(node.url), transport: http(node.url, { retryCount: 0 }) });

    // An EOA without a key deploys a Counter, then calls it.
    const deployment = await wallet.deployContract({ account: whale, abi: counterArtifact.abi, bytecode: counterArtifact.bytecode });
    const counter = (await pollReceipt(node.url, deployment)).contractAddress!;
    const call = await wallet.writeContract({ account: whale, address: counter, abi: counterArtifact.abi, functionName: 'increment' });
    expect(await pollReceipt(node.url, call)).toMatchObject({ status: 'success', from: whale.toLowerCase() });
    expect(await publicClient.getTransaction({ hash: call })).toMatchObject({ hash: call, from: whale.toLowerCase(), r: '0x0', s: '0x0' });

    // A contract (the Counter itself) sends to a contract: EIP-3607 does not stand in the way.
    await client.setBalance({ address: counter, value: parseEther('1') });
    await client.impersonateAccount({ address: counter });
    const fromContract = await wallet.sendTransaction({
      account: counter,
      to: counter,
      data: encodeFunctionData({ abi: counterArtifact.abi, functionName: 'increment' }),
    });
    expect(await pollReceipt(node.url, fromContract)).toMatchObject({ status: 'success', from: counter.toLowerCase() });
    expect(await publicClient.readContract({ address: counter, abi: counterArtifact.abi, functionName: 'count', blockTag: 'pending' })).toBe(2n);
    expect(await publicClient.getCode({ address: counter, blockTag: 'pending' })).toBe(counterArtifact.deployedBytecode);

    await client.stopImpersonatingAccount({ address: whale });
    await expect(wallet.sendTransaction({ account: whale, to: RECIPIENT, value: 1n })).rejects.toThrow(/unknown account/);
  });
});

describe('the rest of the test actions', () => {
  it('sends an unsigned transaction without impersonating first (anvil mode)', async () => {
    const client = testClient('anvil');
    await client.setBalance({ address: WHALE, value: parseEther('1') });
    const hash = await client.sendUnsignedTransaction({ from: WHALE, to: RECIPIENT, value: 5n });
    expect(await pollReceipt(node.url, hash)).toMatchObject({ status: 'success', from: WHALE.toLowerCase() });
  });

  it('drops a pooled transaction (a nonce gap keeps it in the pool) and the pool forgets it', async () => {
    const client = testClient('anvil');
    const { walletClient, account, publicClient } = viemClients(node.url, 6);
    const nonce = await publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const queued = await walletClient.sendTransaction({ to: RECIPIENT, value: 1n, nonce: nonce + 5, gas: 21_000n });
    expect(await client.getTxpoolContent()).toMatchObject({ queued: { [account.address]: { [String(nonce + 5)]: { hash: queued } } } });
    await client.dropTransaction({ hash: queued });
    expect(await rpcResult(node.url, 'eth_getTransactionByHash', [queued])).toBeNull();
    expect(await rpcResult(node.url, 'anvil_dropTransaction', [queued])).toBeNull();
  });

  it('dumps the state, and a fresh node that loads the dump has the same state root', async () => {
    const client = testClient('anvil');
    await client.setBalance({ address: WHALE, value: parseEther('3') });
    await client.setStorageAt({ address: WHALE, index: 7, value: numberToHex(9, { size: 32 }) });
    const { walletClient } = viemClients(node.url, 7);
    await pollReceipt(node.url, await walletClient.sendTransaction({ to: RECIPIENT, value: parseEther('0.5') }));
    // Dump once the state is sealed, so "latest" (whose root we compare) is the state dumped.
    const root = await sealedStateRoot(node.url);
    const state = await client.dumpState();

    const fresh = await startNodeProcess();
    const freshClient = testClient('anvil', fresh.url);
    expect(await sealedStateRoot(fresh.url)).not.toBe(root);
    await freshClient.loadState({ state });
    expect(await sealedStateRoot(fresh.url)).toBe(root);
    await fresh.stop();
  });

  it('serves the dev methods on the dedicated tier only', async () => {
    const tiered = await startNodeProcess({ args: ['--public-tier'] });
    const response = await postRaw(tiered.url, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [WHALE, '0x1'] }));
    expect(response.status).toBe(403);
    expect(JSON.parse(response.text).error).toEqual({ code: -32004, message: 'method anvil_setBalance requires a dedicated endpoint' });
    await tiered.stop();
  });
});

describe('Hardhat Ignition on chain 31337', { timeout: 180_000 }, () => {
  it('deploys: hardhat_metadata answers in the shape it reads', async () => {
    await ensureHardhatInstalled();
    const project = copyHardhatProject();
    const result = await runIgnitionDeploy(project.dir, 'ignition/modules/Counter.ts', { rpcUrl: node.url, privateKey: DEV_KEYS[5], timeoutMs: 150_000 });
    expect(result.exitCode, describeToolResult(result)).toBe(0);
    expect(result.stdout).toMatch(/CounterModule#Counter - 0x[0-9a-fA-F]{40}/);
  });
});
