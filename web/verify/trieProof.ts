import { fromRlp, type Hex, keccak256 } from 'viem';
import { check } from './errors.js';

type Node = Uint8Array | Node[];

/**
 * The value a Merkle-Patricia proof shows under `key` (the raw key: rlp(index) in a block's transactions
 * and receipts tries) in the trie of `root`, or undefined when it proves the key absent. `nodes` are the
 * proof as eth_getProof lists it (root first; nodes under 32 bytes sit inside their parent). Every node
 * must hash to the reference that leads to it, and every node must be used: a proof with anything else
 * in it is refused. Written from the trie's definition (Yellow Paper, appendix D); tested against
 * @ethereumjs/mpt's proofs.
 */
export function provenValue(root: Hex, key: Uint8Array, nodes: readonly Hex[], field: string): Uint8Array | undefined {
  const path = nibblesOf(key);
  let position = 0;
  let used = 0;
  let reference: Node = hexBytes(root);
  const done = (value: Uint8Array | undefined) => {
    check(used === nodes.length, 'proof', `${nodes.length - used} node(s) not on the path`, field);
    return value;
  };
  for (;;) {
    let node: Node;
    if (reference instanceof Uint8Array) {
      check(reference.length === 32, 'proof', 'a child reference is neither a hash nor an embedded node', field);
      const encoded = nodes[used];
      check(typeof encoded === 'string', 'proof', 'the proof ends before the key is reached', field);
      const read = readNode(encoded, `${field}[${used}]`);
      check(equalBytes(read.hash, reference), 'proof', `node ${used} does not hash to its reference`, `${field}[${used}]`);
      used++;
      node = read.node;
    } else node = reference;
    check(Array.isArray(node), 'proof', 'a trie node is not a list', field);
    if (node.length === 17) {
      if (position === path.length) {
        const value = node[16];
        check(value instanceof Uint8Array, 'proof', 'a branch value is not bytes', field);
        return done(value.length > 0 ? value : undefined);
      }
      const child: Node = node[path[position++]!]!;
      if (child instanceof Uint8Array && child.length === 0) return done(undefined);
      reference = child;
      continue;
    }
    check(node.length === 2 && node[0] instanceof Uint8Array, 'proof', `a trie node has ${node.length} items`, field);
    const { leaf, segment } = hexPrefix(node[0]);
    const rest = path.slice(position);
    if (leaf) {
      const value = node[1];
      check(value instanceof Uint8Array, 'proof', 'a leaf value is not bytes', field);
      return done(sameNibbles(rest, segment) ? value : undefined);
    }
    if (!sameNibbles(rest.slice(0, segment.length), segment)) return done(undefined);
    position += segment.length;
    reference = node[1]!;
  }
}

/** rlp(index): the key of a block's transactions and receipts tries. */
export function indexKey(index: number): Uint8Array {
  if (index === 0) return Uint8Array.of(0x80);
  const bytes: number[] = [];
  for (let rest = index; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return bytes.length === 1 && bytes[0]! < 0x80 ? Uint8Array.from(bytes) : Uint8Array.from([0x80 + bytes.length, ...bytes]);
}

/**
 * Nodes already read (hex → hash and decoded node), the most recent NODES_KEPT: the proofs of one block's
 * transactions and receipts share their top nodes, and a receipt's proof the previous receipt's, so a
 * verifier checking several answers of a block hashes and decodes each shared node once. Both are
 * functions of the node's bytes alone: a hit is exactly what reading it again would give.
 */
const readNodes = new Map<Hex, { hash: Uint8Array; node: Node }>();
const NODES_KEPT = 1024;

function readNode(encoded: Hex, field: string): { hash: Uint8Array; node: Node } {
  let read = readNodes.get(encoded);
  if (read) return read;
  check(/^0x([0-9a-f]{2})+$/.test(encoded), 'proof', 'a node is not hex bytes', field);
  const bytes = hexBytes(encoded);
  let node: Node;
  try {
    node = fromRlp(bytes, 'bytes') as Node;
  } catch {
    check(false, 'proof', 'a node is not RLP', field);
  }
  read = { hash: keccak256(bytes, 'bytes'), node };
  readNodes.set(encoded, read);
  if (readNodes.size > NODES_KEPT) readNodes.delete(readNodes.keys().next().value!);
  return read;
}

export function hexBytes(hex: Hex): Uint8Array {
  const digits = hex.slice(2);
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function nibblesOf(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (const byte of bytes) out.push(byte >> 4, byte & 15);
  return out;
}

/** A leaf or extension path (hex-prefix encoding, Yellow Paper appendix C). */
function hexPrefix(encoded: Uint8Array): { leaf: boolean; segment: number[] } {
  const all = nibblesOf(encoded);
  const flag = all[0] ?? 0;
  return { leaf: flag >= 2, segment: all.slice(flag % 2 === 1 ? 1 : 2) };
}

function sameNibbles(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((nibble, i) => nibble === b[i]);
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
