/**
 * The benchmark ERC-20 is the test suite's TestToken (src/testing/contracts, compiled for the
 * Cancun EVM, which both nodes run), deployed to each node with a signed raw transaction from
 * account 0, which receives the whole supply.
 */
import type { Address, Hex } from 'viem';
import { encodeDeployData, parseAbi } from 'viem';
import { testTokenArtifact } from '../../src/testing/contracts/artifacts.js';
import type { BenchAccount } from './accounts.js';
import { pollReceipts } from './receipts.js';
import type { RpcClient } from './rpc.js';
import { pendingNonces, signTx } from './sign.js';
import { now, sleep } from './time.js';

export const ERC20_ABI = parseAbi(['function transfer(address to, uint256 value) returns (bool)', 'function balanceOf(address owner) view returns (uint256)']);

const DEPLOY_GAS = 2_000_000n;
const INITIAL_SUPPLY = 10n ** 27n;

/** Creation bytecode of the token with its constructor argument. */
export function tokenCreationCode(): Hex {
  return encodeDeployData({ abi: testTokenArtifact.abi, bytecode: testTokenArtifact.bytecode, args: [INITIAL_SUPPLY] });
}

/** Deploys the token from `deployer` and waits (≤ 10 s) for its receipt; returns its address. */
export async function deployToken(rpc: RpcClient, deployer: BenchAccount): Promise<Address> {
  const [nonce] = await pendingNonces(rpc, [deployer]);
  const raw = await signTx(deployer, nonce!, null, { gas: DEPLOY_GAS, data: tokenCreationCode() });
  const hash = await rpc.call<Hex>('eth_sendRawTransaction', [raw]);
  const deadline = now() + 10_000;
  while ((await pollReceipts(rpc, [hash])).length === 0) {
    if (now() > deadline) throw new Error('token deployment receipt did not appear within 10 s');
    await sleep(20);
  }
  const receipt = await rpc.call<{ contractAddress: Address | null }>('eth_getTransactionReceipt', [hash]);
  if (!receipt.contractAddress) throw new Error('token receipt has no contractAddress');
  return receipt.contractAddress;
}
