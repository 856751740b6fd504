import { createHmac } from 'node:crypto';
import { compressedPublicKeyOf, SECP256K1_ORDER } from './secp256k1.js';

/** A BIP-32 extended private key: the key and the chain code its children are derived with. */
export interface Bip32Node {
  privateKey: Uint8Array;
  chainCode: Uint8Array;
}

/** Child indexes from 2^31 on are hardened (written with ' in a path). */
const HARDENED_OFFSET = 0x8000_0000;

/**
 * BIP-32 hierarchical deterministic keys (the derivation wallets use for the dev accounts, e.g.
 * m/44'/60'/0'/0/i), over Node's native HMAC-SHA512 and libsecp256k1.
 *
 * Why not a pure-JS HD wallet library: each derivation step needs a public key, and the first
 * point multiplication of a JS curve builds its precomputed tables, ~100 ms of the node's start-up
 * budget (spawn → first answer ≤ 250 ms); libsecp256k1 makes a public key in ~20 µs. The
 * arithmetic is the curve library's; this file only follows the BIP's recipe.
 */
export function bip32MasterNode(seed: Uint8Array): Bip32Node {
  return splitDigest(createHmac('sha512', 'Bitcoin seed').update(seed).digest(), undefined);
}

/** The node at `path` below `node` ("m/44'/60'/0'/0"; "m" is `node` itself). */
export function bip32DerivePath(node: Bip32Node, path: string): Bip32Node {
  const [root, ...steps] = path.split('/');
  if (root !== 'm') throw new Error(`a BIP-32 path starts with "m": ${path}`);
  let current = node;
  for (const step of steps) {
    const hardened = step.endsWith("'") || step.endsWith('h');
    const digits = hardened ? step.slice(0, -1) : step;
    if (!/^\d+$/.test(digits) || Number(digits) >= HARDENED_OFFSET) throw new Error(`invalid BIP-32 path step "${step}" in ${path}`);
    current = bip32DeriveChild(current, Number(digits) + (hardened ? HARDENED_OFFSET : 0));
  }
  return current;
}

/** The child `index` of `parent` (hardened from 2^31 on: derived from the private key, not the public one). */
export function bip32DeriveChild(parent: Bip32Node, index: number): Bip32Node {
  const data = new Uint8Array(37);
  if (index >= HARDENED_OFFSET) data.set(parent.privateKey, 1);
  else data.set(compressedPublicKeyOf(parent.privateKey), 0);
  new DataView(data.buffer).setUint32(33, index);
  return splitDigest(createHmac('sha512', parent.chainCode).update(data).digest(), parent.privateKey);
}

/**
 * A node from HMAC output I: the left half is the key (the master's) or the tweak added to the
 * parent's key modulo the curve order; the right half is the chain code. The BIP says to skip an
 * index whose key is invalid; the chance is below 2^-127, so this throws instead.
 */
function splitDigest(digest: Uint8Array, parentKey: Uint8Array | undefined): Bip32Node {
  const tweak = toBigInt(digest.subarray(0, 32));
  const key = parentKey === undefined ? tweak : (tweak + toBigInt(parentKey)) % SECP256K1_ORDER;
  if (tweak >= SECP256K1_ORDER || key === 0n) throw new Error('BIP-32 derivation gave an invalid key; use another index');
  return { privateKey: toBytes32(key), chainCode: Uint8Array.from(digest.subarray(32, 64)) };
}

function toBigInt(bytes: Uint8Array): bigint {
  return BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}

function toBytes32(value: bigint): Uint8Array {
  return Uint8Array.from(Buffer.from(value.toString(16).padStart(64, '0'), 'hex'));
}
