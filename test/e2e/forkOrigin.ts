/**
 * The origins fork tests fork: a node (Sequin, Anvil or Hardhat) on which TestToken is deployed,
 * tokens given to a holder and ETH paid to a fresh address, and a Sequin process forking it
 * through a recording proxy, with an API key in the URL's path that must never show.
 */
import { encodeAbiParameters, type Hex, keccak256, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { expect } from 'vitest';
import { testTokenArtifact } from '../../src/testing/contracts/artifacts.js';
import type { RecordingProxy } from '../../src/testing/RecordingProxy.js';
import { type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollReceipt, viemClients } from './helpers.js';

export const abi = testTokenArtifact.abi;
export const SUPPLY = 1_000_000n * 10n ** 18n;
export const GIVEN = 5_000n * 10n ** 18n;
/** Providers put keys in the path; it must never show in errors or logs. */
export const API_KEY_PATH = '/v2/SECRET-KEY-0123456789';

/** The storage slot of `balanceOf[holder]` in TestToken (mapping at slot 1). */
export function balanceSlot(holder: Hex): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 1n]));
}

/** What an origin holds after {@link prepareOrigin}. */
export interface Origin {
  url: string;
  token: Hex;
  holder: Hex;
  /** The transaction that gave the holder its tokens, and its block. */
  givenHash: Hex;
  givenBlock: bigint;
  /** An address with ETH only, never used on the fork. */
  payee: Hex;
  forkBlock: bigint;
}

/**
 * Deploys TestToken from dev account 0, gives GIVEN tokens to `holder` (default dev account 5),
 * pays a fresh address; returns once all is in a block.
 */
export async function prepareOrigin(url: string, waitForBlock: (after: bigint) => Promise<bigint>, holder: Hex = DEV_ACCOUNTS[5]!.address): Promise<Origin> {
  const { publicClient, walletClient } = viemClients(url);
  const deploy = await walletClient.deployContract({ abi, bytecode: testTokenArtifact.bytecode as Hex, args: [SUPPLY] });
  const deployed = await pollReceipt(url, deploy, 10_000);
  const token = deployed.contractAddress! as Hex;
  // viem estimates the transfer's gas at latest: the token must be sealed first.
  await waitForBlock(deployed.blockNumber - 1n);
  const givenHash = await walletClient.writeContract({ address: token, abi, functionName: 'transfer', args: [holder, GIVEN] });
  const given = await pollReceipt(url, givenHash, 10_000);
  expect(given.status).toBe('success');
  const payee = privateKeyToAddress(generatePrivateKey());
  const paid = await walletClient.sendTransaction({ to: payee, value: parseEther('1.5') });
  const receipt = await pollReceipt(url, paid, 10_000);
  const forkBlock = await waitForBlock(receipt.blockNumber - 1n);
  expect(await publicClient.getBalance({ address: payee })).toBe(parseEther('1.5'));
  return { url, token, holder, givenHash, givenBlock: given.blockNumber, payee, forkBlock };
}

export async function startFork(proxy: RecordingProxy, origin: Origin, extra: { dataDir?: string; args?: string[] } = {}): Promise<NodeProcess> {
  return startNodeProcess({
    storage: extra.dataDir ? { dataDir: extra.dataDir } : 'temp',
    args: ['--fork-url', `${proxy.url}${API_KEY_PATH}`, '--fork-block-number', String(origin.forkBlock), ...(extra.args ?? [])],
    logLevel: 'info',
  });
}
