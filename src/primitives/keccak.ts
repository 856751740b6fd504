import { keccak_256 } from '@noble/hashes/sha3.js';

/** Keccak-256 of the input bytes (the hash Ethereum calls "keccak256"). */
export function keccak256(bytes: Uint8Array): Uint8Array {
  return keccak_256(bytes);
}
