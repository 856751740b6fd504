import { RLP } from '@ethereumjs/rlp';
import { keccak256 } from '../primitives/keccak.js';

/** An RLP item: bytes or a list of items (a trie node). */
export type NestedBytes = Uint8Array | NestedBytes[];

/** keccak256(rlp("")): the root of an empty Merkle-Patricia trie. */
export const EMPTY_TRIE_ROOT = keccak256(RLP.encode(new Uint8Array(0)));

/**
 * The Merkle-Patricia root of a complete set of key/value pairs, built bottom-up in one pass.
 *
 * Why not @ethereumjs/mpt: it re-hashes the path on every insert (~100 µs per put, measured),
 * so 2,000 receipts cost ~200 ms; here every node is encoded and hashed exactly once. Used for
 * the transactions and receipts roots of a sealed block, whose key sets are complete.
 * Keys must be unique; values must be non-empty.
 */
export function trieRoot(entries: Array<[Uint8Array, Uint8Array]>): Uint8Array {
  if (entries.length === 0) return EMPTY_TRIE_ROOT;
  const items = entries.map(([key, value]) => ({ nibbles: toNibbles(key), value }));
  items.sort((a, b) => compareNibbles(a.nibbles, b.nibbles));
  const childOf: ChildReference = (from, to, depth) => referenceTo(buildNode(items, from, to, depth, childOf));
  return keccak256(RLP.encode(buildNode(items, 0, items.length, 0, childOf)));
}

/** The root of the ordered list trie used by blocks: key rlp(index) → item. */
export function orderedTrieRoot(values: Uint8Array[]): Uint8Array {
  return trieRoot(values.map((value, index) => [RLP.encode(index), value]));
}

/** A trie entry: its key as nibbles, its value. */
export interface TrieItem {
  nibbles: Uint8Array;
  value: Uint8Array;
}

/** How a node refers to the child holding sorted items `from`..`to` below nibble `depth`. */
export type ChildReference = (from: number, to: number, depth: number) => NestedBytes;

/** The node holding sorted items `from`..`to` below nibble `depth`; its children come from `childOf`. */
export function buildNode(items: readonly TrieItem[], from: number, to: number, depth: number, childOf: ChildReference): NestedBytes {
  if (to - from === 1) {
    const item = items[from]!;
    return [hexPrefix(item.nibbles.subarray(depth), true), item.value];
  }
  const shared = sharedPrefixLength(items[from]!.nibbles, items[to - 1]!.nibbles, depth);
  if (shared > 0) {
    return [hexPrefix(items[from]!.nibbles.subarray(depth, depth + shared), false), childOf(from, to, depth + shared)];
  }
  const branch: NestedBytes[] = new Array(17).fill(new Uint8Array(0));
  let index = from;
  if (items[index]!.nibbles.length === depth) {
    branch[16] = items[index]!.value;
    index++;
  }
  while (index < to) {
    const nibble = items[index]!.nibbles[depth]!;
    let end = index + 1;
    while (end < to && items[end]!.nibbles[depth] === nibble) end++;
    branch[nibble] = childOf(index, end, depth + 1);
    index = end;
  }
  return branch;
}

/** A child is embedded when its encoding is shorter than 32 bytes, else referenced by hash. */
export function referenceTo(node: NestedBytes): NestedBytes {
  const encoded = RLP.encode(node);
  return encoded.length < 32 ? node : keccak256(encoded);
}

function hexPrefix(nibbles: Uint8Array, leaf: boolean): Uint8Array {
  const odd = nibbles.length % 2 === 1;
  const flag = (leaf ? 2 : 0) + (odd ? 1 : 0);
  const out = new Uint8Array(Math.floor(nibbles.length / 2) + 1);
  let position = 0;
  if (odd) {
    out[0] = (flag << 4) | nibbles[0]!;
    position = 1;
  } else out[0] = flag << 4;
  for (let i = 1; position < nibbles.length; i++, position += 2) out[i] = (nibbles[position]! << 4) | nibbles[position + 1]!;
  return out;
}

export function toNibbles(key: Uint8Array): Uint8Array {
  const nibbles = new Uint8Array(key.length * 2);
  for (let i = 0; i < key.length; i++) {
    nibbles[i * 2] = key[i]! >> 4;
    nibbles[i * 2 + 1] = key[i]! & 15;
  }
  return nibbles;
}

export function compareNibbles(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function sharedPrefixLength(a: Uint8Array, b: Uint8Array, depth: number): number {
  // Items are sorted, so the prefix shared by the first and last is shared by all.
  let length = 0;
  while (depth + length < a.length && depth + length < b.length && a[depth + length] === b[depth + length]) length++;
  return length;
}
