import { encodeDeployData, encodeFunctionData } from 'viem';
import type { DevAccount } from '../config/devAccounts.js';
import type { Hex } from '../primitives/hex.js';
import { testTokenArtifact } from './contracts/artifacts.js';
import type { TestChain } from './createTestChain.js';
import { sendTestTransaction } from './sendTestTransaction.js';

/** keccak256("Transfer(address,address,uint256)"): topic 0 of TestToken's Transfer log. */
export const TRANSFER_TOPIC: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** keccak256("Approval(address,address,uint256)"): topic 0 of TestToken's Approval log. */
export const APPROVAL_TOPIC: Hex = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

/** An address as a 32-byte topic (how indexed address arguments appear in logs). */
export function addressTopic(address: string): Hex {
  return `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
}

/** Submits a TestToken deployment minting `supply` to `from`; returns the tx hash (the sub-block still has to run). */
export function submitTestTokenDeployment(chain: TestChain, from: DevAccount, supply = 1_000_000n): Promise<Hex> {
  const data = encodeDeployData({ abi: testTokenArtifact.abi, bytecode: testTokenArtifact.bytecode, args: [supply] });
  return sendTestTransaction(chain, from, { data, gas: 2_000_000n });
}

/** Submits `token.transfer(to, amount)` from `from`; returns the tx hash. */
export function submitTokenTransfer(chain: TestChain, token: Hex, from: DevAccount, to: Hex, amount: bigint): Promise<Hex> {
  const data = encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [to, amount] });
  return sendTestTransaction(chain, from, { to: token, data, gas: 100_000n });
}

/** Submits `token.approve(spender, amount)` from `from`; returns the tx hash. */
export function submitTokenApproval(chain: TestChain, token: Hex, from: DevAccount, spender: Hex, amount: bigint): Promise<Hex> {
  const data = encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'approve', args: [spender, amount] });
  return sendTestTransaction(chain, from, { to: token, data, gas: 100_000n });
}
