import type { CustomCrypto } from '@ethereumjs/common';
import { keccak256 } from '../primitives/keccak.js';
import { ecrecover, ecsign } from '../primitives/secp256k1.js';

/**
 * The crypto every chain Common hands @ethereumjs (`customCrypto`): Keccak through the node's
 * WebAssembly hasher, secp256k1 recovery and signing through native libsecp256k1
 * (primitives/secp256k1.ts says why). Signing is what eth_sendTransaction does for a dev account.
 */
export const NATIVE_CRYPTO: CustomCrypto = {
  keccak256,
  ecrecover,
  // noble's `sign` type; @ethereumjs passes the hash and the key and reads 65 "recovered" bytes back.
  ecsign: ecsign as unknown as NonNullable<CustomCrypto['ecsign']>,
};
