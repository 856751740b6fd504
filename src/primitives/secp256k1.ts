import { createRequire } from 'node:module';

/**
 * secp256k1 public-key recovery through libsecp256k1 (the `secp256k1` package's N-API binding).
 *
 * Why native: recovery with a pure-JS curve costs ~1.5 ms, native ~60 µs, and every submitted
 * transaction needs one. We load the binding directly (not the package index, which silently
 * falls back to a slow JS implementation) so a missing binary fails loudly, not slowly. It loads
 * at the first use, not at start-up: building its context takes ~10 ms (issue 13).
 */
interface NativeSecp256k1 {
  ecdsaRecover(signature: Uint8Array, recoveryId: number, message: Uint8Array, compressed: boolean): Uint8Array;
  ecdsaSign(message: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
  publicKeyCreate(privateKey: Uint8Array, compressed: boolean): Uint8Array;
}

const require = createRequire(import.meta.url);
let loaded: NativeSecp256k1 | undefined;

/** The binding, loaded the first time it is needed. */
function native(): NativeSecp256k1 {
  loaded ??= require('secp256k1/bindings') as NativeSecp256k1;
  return loaded;
}

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * Recovers the 64-byte uncompressed public key (without the 0x04 prefix) that signed `messageHash`.
 * `v` is the y-parity (0/1, typed txs), 27/28, or an EIP-155 value (35 + 2·chainId + parity); this is
 * the signature ethereumjs expects for `common.customCrypto.ecrecover`.
 * Throws on an invalid signature or recovery id.
 */
export function ecrecover(messageHash: Uint8Array, v: bigint, r: Uint8Array, s: Uint8Array, chainId?: bigint): Uint8Array {
  const { signature, recoveryId } = packedSignature(v, r, s, chainId);
  return recoverPublicKey(messageHash, signature, recoveryId);
}

/**
 * A signature as libsecp256k1 takes it: r ‖ s (32 bytes each) and the recovery id (0/1), from
 * `v` (see {@link ecrecover}). Throws on an invalid recovery id or an r or s over 32 bytes, as
 * {@link ecrecover} does; what only the curve can judge (r or s zero or ≥ n) is left to the recovery.
 */
export function packedSignature(v: bigint, r: Uint8Array, s: Uint8Array, chainId?: bigint): { signature: Uint8Array; recoveryId: 0 | 1 } {
  const recoveryId = recoveryIdOf(v, chainId);
  if (recoveryId !== 0 && recoveryId !== 1) throw new Error('invalid signature v value');
  const signature = new Uint8Array(64);
  signature.set(leftPad32(r), 0);
  signature.set(leftPad32(s), 32);
  return { signature, recoveryId };
}

/** The 64-byte public key (without the 0x04 prefix) that made a {@link packedSignature} of `messageHash`; throws when none did. */
export function recoverPublicKey(messageHash: Uint8Array, signature: Uint8Array, recoveryId: 0 | 1): Uint8Array {
  return native().ecdsaRecover(signature, recoveryId, messageHash, false).slice(1);
}

/** Where the binding's file is, for a worker thread that loads it itself (primitives/RecoveryWorker.ts). */
export function nativeBindingPath(): string {
  return require.resolve('secp256k1/bindings');
}

/** The curve order n; signatures must have s ≤ n/2 (EIP-2). */
export const SECP256K1_ORDER = SECP256K1_N;

function leftPad32(bytes: Uint8Array): Uint8Array {
  if (bytes.length > 32) throw new Error('invalid signature length');
  if (bytes.length === 32) return bytes;
  const out = new Uint8Array(32);
  out.set(bytes, 32 - bytes.length);
  return out;
}

/** The 33-byte compressed public key (SEC1: 0x02/0x03 prefix and x) of a private key. */
export function compressedPublicKeyOf(privateKey: Uint8Array): Uint8Array {
  return native().publicKeyCreate(privateKey, true);
}

/** The 64-byte uncompressed public key (without the 0x04 prefix) of a private key. */
export function publicKeyOf(privateKey: Uint8Array): Uint8Array {
  return native().publicKeyCreate(privateKey, false).slice(1);
}

function recoveryIdOf(v: bigint, chainId: bigint | undefined): number {
  if (v === 0n || v === 1n) return Number(v);
  if (v === 27n || v === 28n) return Number(v - 27n);
  if (chainId === undefined) return -1;
  return Number(v - (chainId * 2n + 35n));
}

/**
 * Signs a 32-byte hash: r and s (32 bytes each) and the y-parity (0/1). libsecp256k1 nonces are
 * RFC 6979 (deterministic) and s is always in the lower half (EIP-2), so the signature is the one
 * geth, Anvil and viem produce for the same key and hash.
 */
export function signHash(hash: Uint8Array, privateKey: Uint8Array): { r: Uint8Array; s: Uint8Array; yParity: 0 | 1 } {
  const { signature, recid } = native().ecdsaSign(hash, privateKey);
  return { r: signature.slice(0, 32), s: signature.slice(32, 64), yParity: recid === 1 ? 1 : 0 };
}

/**
 * Signs a 32-byte hash in the form @ethereumjs wants for `common.customCrypto.ecsign`: 65 bytes,
 * the recovery id then r and s (noble's "recovered" format), which it turns into the transaction's
 * signature. Native and deterministic (RFC 6979), where ethereumjs's default (noble, with extra
 * entropy) takes milliseconds per eth_sendTransaction and differs from run to run.
 */
export function ecsign(hash: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const { signature, recid } = native().ecdsaSign(hash, privateKey);
  const recovered = new Uint8Array(65);
  recovered[0] = recid;
  recovered.set(signature, 1);
  return recovered;
}
