/**
 * Signing for bursts of tens of thousands of transfers: viem serializes, libsecp256k1 (the
 * native `secp256k1` package the node itself uses) signs, about ten times faster than viem's
 * JavaScript signer, so signing 60,000 transactions before a workload takes seconds, not a minute.
 */
import secp256k1 from 'secp256k1';
import { type Address, bytesToHex, type Hex, hexToBytes, keccak256, serializeTransaction, type TransactionSerializableEIP1559 } from 'viem';
import type { BenchAccount } from './accounts.js';
import { CHAIN_ID, MAX_FEE_PER_GAS, MAX_PRIORITY_FEE_PER_GAS, TRANSFER_GAS } from './sign.js';

/** A signed EIP-1559 transfer of 1 wei from `from` (nonce `nonce`) to `to`. */
export function signTransferFast(from: BenchAccount, nonce: number, to: Address): Hex {
  const transaction: TransactionSerializableEIP1559 = {
    type: 'eip1559',
    chainId: CHAIN_ID,
    nonce,
    to,
    value: 1n,
    gas: TRANSFER_GAS,
    maxFeePerGas: MAX_FEE_PER_GAS,
    maxPriorityFeePerGas: MAX_PRIORITY_FEE_PER_GAS,
  };
  const digest = hexToBytes(keccak256(serializeTransaction(transaction)));
  const { signature, recid } = secp256k1.ecdsaSign(digest, hexToBytes(from.privateKey));
  return serializeTransaction(transaction, { r: bytesToHex(signature.subarray(0, 32)), s: bytesToHex(signature.subarray(32, 64)), yParity: recid });
}
