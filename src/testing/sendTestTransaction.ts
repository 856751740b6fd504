import { keccak256, type Hex as ViemHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { DevAccount } from '../config/devAccounts.js';
import { type Hex, hexToBytes } from '../primitives/hex.js';
import type { TestChain } from './createTestChain.js';

/** The suggested tip of test transactions: 1 gwei. */
export const TEST_TIP = 1_000_000_000n;

/** A transaction to sign; `to` absent (or null) deploys `data`. */
export interface TestTransaction {
  to?: Hex | null;
  data?: Hex;
  value?: bigint;
  gas: bigint;
  /** Default: the sender's "pending" nonce (pre-confirmed state plus its executable pool txs). */
  nonce?: bigint;
  /** Default: {@link TEST_TIP}. */
  maxPriorityFeePerGas?: bigint;
  /** Default: twice the open block's base fee plus the tip. */
  maxFeePerGas?: bigint;
}

/**
 * Signs an EIP-1559 transaction for the chain with viem, as a wallet would: an independent
 * encoder and signer, so what the node decodes is not what the node encoded.
 */
export async function signTestTransaction(chain: TestChain, from: DevAccount, transaction: TestTransaction): Promise<{ raw: Uint8Array; hash: Hex }> {
  const tip = transaction.maxPriorityFeePerGas ?? TEST_TIP;
  const nonce = transaction.nonce ?? chain.backend.state.getTransactionCount(hexToBytes(from.address), { kind: 'tag', tag: 'pending' });
  const serialized = await privateKeyToAccount(from.privateKey).signTransaction({
    type: 'eip1559',
    chainId: Number(chain.config.chainId),
    nonce: Number(nonce),
    gas: transaction.gas,
    maxPriorityFeePerGas: tip,
    maxFeePerGas: transaction.maxFeePerGas ?? chain.sequencer.openBlock.baseFeePerGas * 2n + tip,
    ...(transaction.to ? { to: transaction.to } : {}),
    ...(transaction.data ? { data: transaction.data } : {}),
    value: transaction.value ?? 0n,
  });
  return { raw: hexToBytes(serialized), hash: keccak256(serialized as ViemHex) };
}

/** Signs (see {@link signTestTransaction}) and submits through the intake, as eth_sendRawTransaction does; returns the hash. */
export async function sendTestTransaction(chain: TestChain, from: DevAccount, transaction: TestTransaction): Promise<Hex> {
  const { raw } = await signTestTransaction(chain, from, transaction);
  return chain.intake.submit(raw);
}
