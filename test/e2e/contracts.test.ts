/**
 * Contracts through viem: deploy TestToken, see it at 'pending' before it is sealed (code, calls,
 * storage), transfer with writeContract, read balances at 'pending' vs 'latest', and decode the
 * receipt's logs, before and after sealing.
 */
import { encodeAbiParameters, getAddress, getContractAddress, type Hex, keccak256, parseEventLogs, type TransactionReceipt } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTokenArtifact } from '../../src/testing/contracts/artifacts.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { pollReceipt, rpcResult, viemClients, waitForBlockAfter, ZERO_HASH } from './helpers.js';

const SUPPLY = 1_000_000n * 10n ** 18n;
const abi = testTokenArtifact.abi;

let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess();
});
afterAll(cleanupNodeProcesses);

/** The first receipt of `hash` the node shows (pre-confirmed, normally). */
function firstReceipt(hash: Hex): Promise<TransactionReceipt> {
  return pollReceipt(node.url, hash);
}

async function head(): Promise<bigint> {
  return BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
}

/** The storage slot of `balanceOf[holder]` (mapping at slot 1; slot 0 is totalSupply). */
function balanceSlot(holder: Hex): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 1n]));
}

describe('TestToken through viem', () => {
  let token: Hex;
  let deployBlock: bigint;

  it('deploys; the contract exists at pending before it is sealed', async () => {
    await waitForBlockAfter(node.url, await head());
    const { publicClient, walletClient } = viemClients(node.url);
    const hash = await walletClient.deployContract({ abi, bytecode: testTokenArtifact.bytecode as Hex, args: [SUPPLY] });
    const receipt = await firstReceipt(hash);
    expect(receipt.status).toBe('success');
    expect(receipt.blockHash).toBe(ZERO_HASH);
    token = receipt.contractAddress!;
    deployBlock = receipt.blockNumber;
    expect(getAddress(token)).toBe(getContractAddress({ from: walletClient.account.address, nonce: 0n }));

    // Pre-confirmed: visible at pending, absent at latest.
    const pendingCode = await publicClient.getCode({ address: token, blockTag: 'pending' });
    expect(pendingCode?.length).toBeGreaterThan(100);
    expect(await publicClient.getCode({ address: token, blockTag: 'latest' })).toBeUndefined();
    expect(await publicClient.readContract({ address: token, abi, functionName: 'balanceOf', args: [walletClient.account.address], blockTag: 'pending' })).toBe(
      SUPPLY,
    );
    expect(await publicClient.readContract({ address: token, abi, functionName: 'symbol', blockTag: 'pending' })).toBe('TST');
    await expect(publicClient.readContract({ address: token, abi, functionName: 'totalSupply', blockTag: 'latest' })).rejects.toThrow(
      /returned no data \("0x"\)/,
    );
    // eth_call at pending, raw: totalSupply() = 0x18160ddd.
    expect(BigInt(await rpcResult<Hex>(node.url, 'eth_call', [{ to: token, data: '0x18160ddd' }, 'pending']))).toBe(SUPPLY);
    expect(await rpcResult(node.url, 'eth_call', [{ to: token, data: '0x18160ddd' }, 'latest'])).toBe('0x');

    // Storage: totalSupply at slot 0, balanceOf[deployer] at keccak(deployer . 1).
    expect(BigInt((await publicClient.getStorageAt({ address: token, slot: '0x0', blockTag: 'pending' }))!)).toBe(SUPPLY);
    expect(BigInt((await publicClient.getStorageAt({ address: token, slot: balanceSlot(walletClient.account.address), blockTag: 'pending' }))!)).toBe(SUPPLY);
    expect(await rpcResult(node.url, 'eth_getStorageAt', [token, '0x0', 'latest'])).toBe(ZERO_HASH);

    // Still unsealed, so the 'latest' answers above were meaningful.
    expect(await head()).toBeLessThan(deployBlock);

    // The Transfer(0 → deployer) of the constructor.
    const [minted] = parseEventLogs({ abi, logs: receipt.logs, eventName: 'Transfer' });
    expect(minted?.args).toEqual({ from: '0x0000000000000000000000000000000000000000', to: walletClient.account.address, value: SUPPLY });
  });

  it('once sealed, the code is at latest too, at the deploy block and not before', async () => {
    const { publicClient } = viemClients(node.url);
    await waitForBlockAfter(node.url, deployBlock - 1n);
    const code = await publicClient.getCode({ address: token, blockTag: 'latest' });
    expect(code).toBe(await publicClient.getCode({ address: token, blockTag: 'pending' }));
    expect(await publicClient.getCode({ address: token, blockNumber: deployBlock })).toBe(code);
    expect(await publicClient.getCode({ address: token, blockNumber: deployBlock - 1n })).toBeUndefined();
    expect(BigInt((await publicClient.getStorageAt({ address: token, slot: '0x0', blockNumber: deployBlock }))!)).toBe(SUPPLY);
  });

  it('transfers with writeContract: pending vs latest balances, logs before and after sealing', async () => {
    const { publicClient, walletClient } = viemClients(node.url);
    const recipient = privateKeyToAddress(generatePrivateKey());
    await waitForBlockAfter(node.url, await head());
    const { request } = await publicClient.simulateContract({
      account: walletClient.account,
      address: token,
      abi,
      functionName: 'transfer',
      args: [recipient, 1234n],
      blockTag: 'pending',
    } as never);
    const hash = await walletClient.writeContract(request);
    const preconfirmed = await firstReceipt(hash);
    expect(preconfirmed.blockHash).toBe(ZERO_HASH);

    const read = (holder: Hex, blockTag: 'pending' | 'latest') =>
      publicClient.readContract({ address: token, abi, functionName: 'balanceOf', args: [holder], blockTag });
    expect(await read(recipient, 'pending')).toBe(1234n);
    expect(await read(recipient, 'latest')).toBe(0n);
    expect(await read(walletClient.account.address, 'pending')).toBe(SUPPLY - 1234n);
    expect(await read(walletClient.account.address, 'latest')).toBe(SUPPLY);
    expect(await head()).toBeLessThan(preconfirmed.blockNumber);

    const events = parseEventLogs({ abi, logs: preconfirmed.logs });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventName: 'Transfer',
      address: token.toLowerCase(),
      args: { from: walletClient.account.address, to: recipient, value: 1234n },
    });
    expect(events[0]!.blockHash).toBe(ZERO_HASH);

    await waitForBlockAfter(node.url, preconfirmed.blockNumber - 1n);
    const sealed = await publicClient.getTransactionReceipt({ hash });
    expect(sealed.blockHash).not.toBe(ZERO_HASH);
    const withoutBlockHash = (receipt: TransactionReceipt) => ({
      ...receipt,
      blockHash: undefined,
      logs: receipt.logs.map((log) => ({ ...log, blockHash: undefined })),
    });
    expect(withoutBlockHash(sealed)).toEqual(withoutBlockHash(preconfirmed));
    expect(sealed.logs.every((log) => log.blockHash === sealed.blockHash)).toBe(true);
    expect(await read(recipient, 'latest')).toBe(1234n);
  });
});
