/**
 * The fastest way this repository has to make a signed EIP-1559 transfer: the RLP list built
 * directly from bytes and numbers (@ethereumjs/rlp), hashed with the node's Keccak and signed with
 * libsecp256k1 (`signHash`, the node's own native binding). Measured on the loaded 2-core bench
 * machine: ~120 µs a transaction, of which the native signature is ~85 µs, against ~190 µs for
 * viem's serializer with the same native signing (lib/fastSign.ts) and ~1 ms for viem's own signer.
 *
 * The fields are the benchmark's usual transfer (lib/sign.ts): 1 wei, gas 21,000, max fee 10 gwei,
 * tip 1 gwei, chain 31337, no data, empty access list.
 */
import { RLP } from '@ethereumjs/rlp';
import { keccak256 } from '../../src/primitives/keccak.js';
import { signHash } from '../../src/primitives/secp256k1.js';
import { CHAIN_ID, MAX_FEE_PER_GAS, MAX_PRIORITY_FEE_PER_GAS, TRANSFER_GAS } from './sign.js';

/** EIP-2718 type byte of an EIP-1559 transaction. */
const EIP1559_TYPE = 2;

/** Removes leading zero bytes: RLP integers are minimal big-endian. */
function minimal(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length && bytes[start] === 0) start++;
  return bytes.subarray(start);
}

function typed(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(payload.length + 1);
  out[0] = EIP1559_TYPE;
  out.set(payload, 1);
  return out;
}

/** Fields a chain other than the benchmark's default may need (chain-import.ts signs for its own genesis). */
export interface TransferFees {
  chainId: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

const BENCH_FEES: TransferFees = { chainId: BigInt(CHAIN_ID), maxFeePerGas: MAX_FEE_PER_GAS, maxPriorityFeePerGas: MAX_PRIORITY_FEE_PER_GAS };

/** The raw bytes of a signed transfer of 1 wei from `privateKey` (nonce `nonce`) to the 20-byte `to`. */
export function signRawTransfer(privateKey: Uint8Array, nonce: number, to: Uint8Array, fees: TransferFees = BENCH_FEES): Uint8Array {
  const fields = [fees.chainId, nonce, fees.maxPriorityFeePerGas, fees.maxFeePerGas, TRANSFER_GAS, to, 1n, new Uint8Array(0), []];
  const { r, s, yParity } = signHash(keccak256(typed(RLP.encode(fields))), privateKey);
  return typed(RLP.encode([...fields, yParity, minimal(r), minimal(s)]));
}
