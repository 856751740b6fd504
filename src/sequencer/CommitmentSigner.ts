import { commitmentHash, type SignedCommitment, type SubBlockCommitment } from '../chain/subBlockCommitment.js';
import { checksumAddress } from '../primitives/checksumAddress.js';
import { bytesToHex, type Hex } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import { publicKeyOf, signHash } from '../primitives/secp256k1.js';

/** The sequencer key's signing of sub-block commitments (issue 26), on one chain. */
export interface CommitmentSigner {
  /** The key's address (EIP-55), which verifiers check signatures against. */
  readonly address: Hex;
  readonly chainId: bigint;
  sign(commitment: SubBlockCommitment): SignedCommitment;
}

/**
 * A signer over a secp256k1 private key. libsecp256k1's nonces are RFC 6979's, so the same commitment
 * always gets the same signature: a commitment made again from the same durable sub-block (after a
 * restart) is byte for byte the one signed before.
 */
export function commitmentSigner(privateKey: Uint8Array, chainId: bigint): CommitmentSigner {
  const address = addressOfKey(privateKey);
  return {
    address,
    chainId,
    sign(commitment) {
      const hash = commitmentHash(commitment, chainId);
      const { r, s, yParity } = signHash(hash, privateKey);
      const signature = new Uint8Array(65);
      signature.set(r, 0);
      signature.set(s, 32);
      signature[64] = 27 + yParity;
      return { commitment, signature: bytesToHex(signature), hash: bytesToHex(hash) };
    },
  };
}

/** The address of a private key (EIP-55). */
export function addressOfKey(privateKey: Uint8Array): Hex {
  return checksumAddress(bytesToHex(keccak256(publicKeyOf(privateKey)).slice(12)));
}
