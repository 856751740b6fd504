import { RLP } from '@ethereumjs/rlp';
import { keccak256 } from '../primitives/keccak.js';

type Decoded = Uint8Array | Decoded[];

/**
 * Checks an EIP-1186 Merkle proof by walking it from `root` along keccak256(`key`), written
 * from the trie's definition (not with the trie library the node uses), so tests verify proofs
 * independently. Every hash-referenced node must hash to its reference; nodes shorter than 32
 * bytes are embedded in their parent. Returns the proven value, or undefined when the proof
 * proves the key absent. Throws when the proof is invalid or has nodes it did not need.
 */
export function verifyMerkleProof(root: Uint8Array, key: Uint8Array, proof: Uint8Array[]): Uint8Array | undefined {
  const path = nibbles(keccak256(key));
  let position = 0;
  let used = 0;
  let reference: Decoded = root;
  const finish = (value: Uint8Array | undefined) => {
    if (used !== proof.length) throw new Error(`proof has ${proof.length - used} unused nodes`);
    return value;
  };
  for (;;) {
    let node: Decoded;
    if (reference instanceof Uint8Array) {
      if (reference.length !== 32) throw new Error('child reference is neither a hash nor an embedded node');
      const encoded = proof[used++];
      if (!encoded) throw new Error('proof ends before the key is resolved');
      if (Buffer.compare(keccak256(encoded), reference) !== 0) throw new Error(`proof node ${used - 1} does not hash to its reference`);
      node = RLP.decode(encoded) as Decoded;
    } else node = reference;
    if (!Array.isArray(node)) throw new Error('trie node is not a list');
    if (node.length === 17) {
      if (position === path.length) {
        const value = node[16] as Uint8Array;
        return finish(value.length > 0 ? value : undefined);
      }
      const child: Decoded = node[path[position++]!]!;
      if (child instanceof Uint8Array && child.length === 0) return finish(undefined);
      reference = child;
      continue;
    }
    if (node.length !== 2) throw new Error(`trie node has ${node.length} items`);
    const { leaf, path: segment } = hexPrefixDecode(node[0] as Uint8Array);
    const rest = path.slice(position);
    if (leaf) return finish(sameNibbles(rest, segment) ? (node[1] as Uint8Array) : undefined);
    if (!sameNibbles(rest.slice(0, segment.length), segment)) return finish(undefined);
    position += segment.length;
    reference = node[1]!;
  }
}

function nibbles(bytes: Uint8Array): number[] {
  return [...bytes].flatMap((byte) => [byte >> 4, byte & 0x0f]);
}

/** The hex-prefix encoding of a leaf or extension path (Yellow Paper appendix C). */
function hexPrefixDecode(encoded: Uint8Array): { leaf: boolean; path: number[] } {
  const all = nibbles(encoded);
  const flag = all[0]!;
  return { leaf: flag >= 2, path: all.slice(flag % 2 === 1 ? 1 : 2) };
}

function sameNibbles(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((nibble, index) => nibble === b[index]);
}
