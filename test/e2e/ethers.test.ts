/**
 * ethers v6 against the real node: sending and waiting, receipts, gas estimation, calls to a
 * deployed contract, and revert reasons carried by ethers' errors.
 *
 * ethers' `tx.wait()` (and `waitForDeployment()`) returns the receipt as soon as it exists when
 * it first looks, which on Sequin can be the pre-confirmed one, while ethers reads at "latest"
 * (the last sealed block). Tests that read at "latest" after a transaction therefore wait for its
 * block to be sealed, as an ethers user must (or read at "pending").
 */
import { type Contract, ContractFactory, isError, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterArtifact, reverterArtifact, testTokenArtifact } from '../../src/testing/contracts/artifacts.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_KEYS, waitForBlockAfter, ZERO_HASH } from './helpers.js';

let node: NodeProcess;
let provider: JsonRpcProvider;

beforeAll(async () => {
  // ethers waits for sealed blocks (confirmations count from the latest block): seal every second.
  node = await startNodeProcess({ args: ['--block-time', '1000'] });
  // staticNetwork: no eth_chainId before every call; batchMaxCount 1: one call per request.
  provider = new JsonRpcProvider(node.url, 31337, { staticNetwork: true, batchMaxCount: 1, pollingInterval: 50 });
});
afterAll(async () => {
  provider?.destroy();
  await cleanupNodeProcesses();
});

describe('ethers v6', () => {
  it('sends a transfer; tx.wait() resolves; once sealed, getTransactionReceipt agrees with the block', async () => {
    const wallet = new Wallet(DEV_KEYS[0], provider);
    const recipient = Wallet.createRandom().address;
    const tx = await wallet.sendTransaction({ to: recipient, value: parseEther('0.25') });
    const receipt = await tx.wait(1, 15_000);
    expect(receipt).not.toBeNull();
    expect(receipt!.status).toBe(1);
    expect(receipt!.hash).toBe(tx.hash);
    expect(receipt!.gasUsed).toBe(21_000n);
    expect(receipt!.from).toBe(wallet.address);
    expect(receipt!.to).toBe(recipient);

    await waitForBlockAfter(node.url, BigInt(receipt!.blockNumber) - 1n);
    const fetched = await provider.getTransactionReceipt(tx.hash);
    expect(fetched).not.toBeNull();
    expect(fetched!.blockNumber).toBe(receipt!.blockNumber);
    expect(fetched!.index).toBe(receipt!.index);
    expect(fetched!.cumulativeGasUsed).toBe(receipt!.cumulativeGasUsed);
    // Once the block is sealed the receipt carries the real hash, not the zero one.
    const block = await provider.getBlock(fetched!.blockNumber);
    expect(fetched!.blockHash).toBe(block!.hash);
    expect(fetched!.blockHash).not.toBe(ZERO_HASH);
    expect(block!.transactions).toContain(tx.hash);
    expect(await provider.getBalance(recipient)).toBe(parseEther('0.25'));
  });

  it('estimates gas: 21000 for a transfer, more for a contract call', async () => {
    const wallet = new Wallet(DEV_KEYS[1], provider);
    expect(await provider.estimateGas({ from: wallet.address, to: Wallet.createRandom().address, value: 1n })).toBe(21_000n);
    const factory = new ContractFactory(counterArtifact.abi, counterArtifact.bytecode, wallet);
    const counter = await factory.deploy();
    await counter.waitForDeployment();
    await sealed(counter as Contract);
    const estimate = await (counter as Contract).increment!.estimateGas();
    expect(estimate).toBeGreaterThan(21_000n);
    expect(estimate).toBeLessThan(100_000n);
  });

  it('calls a deployed TestToken', async () => {
    const wallet = new Wallet(DEV_KEYS[2], provider);
    const factory = new ContractFactory(testTokenArtifact.abi, testTokenArtifact.bytecode, wallet);
    const token = (await factory.deploy(1_000_000n)) as Contract;
    await token.waitForDeployment();
    await sealed(token as Contract);
    expect(await token.name!()).toBe('Test Token');
    expect(await token.symbol!()).toBe('TST');
    expect(await token.totalSupply!()).toBe(1_000_000n);
    expect(await token.balanceOf!(wallet.address)).toBe(1_000_000n);

    const recipient = Wallet.createRandom().address;
    const transfer = await token.transfer!(recipient, 1234n);
    const receipt = await transfer.wait();
    expect(receipt.status).toBe(1);
    const [event] = receipt.logs.map((log: { topics: string[]; data: string }) => token.interface.parseLog(log));
    expect(event?.name).toBe('Transfer');
    expect(event?.args.to).toBe(recipient);
    expect(event?.args.value).toBe(1234n);
    // Pre-confirmed at "pending" right away; at "latest" (ethers' default) once sealed.
    expect(await token.balanceOf!(recipient, { blockTag: 'pending' })).toBe(1234n);
    await waitForBlockAfter(node.url, BigInt(receipt.blockNumber) - 1n);
    expect(await token.balanceOf!(recipient)).toBe(1234n);
    // A raw provider.call, as ethers does it for read-only methods.
    const data = token.interface.encodeFunctionData('balanceOf', [recipient]);
    expect(BigInt(await provider.call({ to: await token.getAddress(), data }))).toBe(1234n);
  });

  it('carries the revert reason in its errors (eth_call and eth_estimateGas)', async () => {
    const wallet = new Wallet(DEV_KEYS[3], provider);
    const factory = new ContractFactory(reverterArtifact.abi, reverterArtifact.bytecode, wallet);
    const reverter = (await factory.deploy()) as Contract;
    await reverter.waitForDeployment();
    await sealed(reverter as Contract);

    const callError = await reverter.alwaysReverts!().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isError(callError, 'CALL_EXCEPTION')).toBe(true);
    if (!isError(callError, 'CALL_EXCEPTION')) return;
    expect(callError.reason).toBe('view revert');
    expect(callError.shortMessage).toBe('execution reverted: "view revert"');
    expect(callError.revert).toEqual({ name: 'Error', signature: 'Error(string)', args: ['view revert'] });

    const estimateError = await reverter.revertWithReason!.estimateGas().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isError(estimateError, 'CALL_EXCEPTION')).toBe(true);
    if (!isError(estimateError, 'CALL_EXCEPTION')) return;
    expect(estimateError.reason).toBe('nope: reason');
    expect(estimateError.shortMessage).toBe('execution reverted: "nope: reason"');

    const customError = await reverter.revertWithCustomError!.staticCall().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isError(customError, 'CALL_EXCEPTION')).toBe(true);
    if (!isError(customError, 'CALL_EXCEPTION')) return;
    expect(customError.revert).toMatchObject({ name: 'Denied', args: [42n] });
  });

  it('reports a nonce too low as NONCE_EXPIRED', async () => {
    const wallet = new Wallet(DEV_KEYS[4], provider);
    const first = await wallet.sendTransaction({ to: wallet.address, value: 1n });
    await first.wait();
    const error = await wallet.sendTransaction({ to: wallet.address, value: 1n, nonce: 0 }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isError(error, 'NONCE_EXPIRED')).toBe(true);
  });
});

/** Waits until the block holding a contract's deployment is sealed, so reads at "latest" see it. */
async function sealed<T extends Contract>(contract: T): Promise<T> {
  const receipt = await contract.deploymentTransaction()!.wait();
  await waitForBlockAfter(node.url, BigInt(receipt!.blockNumber) - 1n);
  return contract;
}
