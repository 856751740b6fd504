import { RLP } from '@ethereumjs/rlp';
import { bytesToHex, type Hex } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import { buildNode, compareNibbles, EMPTY_TRIE_ROOT, type NestedBytes, type TrieItem, toNibbles } from './trieRoot.js';

/** A node of the built trie: its encoding, and its children by the item range below them. */
interface BuiltNode {
  encoded: Uint8Array;
  /** `encoded` as hex, made the first time a proof holds the node (the top nodes are in every proof). */
  hex?: Hex;
  /** Child nodes referenced by hash (embedded ones are inside `encoded`), with the item range each holds. */
  children: Array<{ from: number; to: number; node: BuiltNode }>;
}

/**
 * A block's ordered list trie (key rlp(index) → item, as the transactions and receipts roots use)
 * built once, whose Merkle proofs can then be read for any index: the nodes on the path from the
 * root to the item, as eth_getProof lists them (root first; nodes shorter than 32 bytes are inside
 * their parent). Sequin serves these with a signed sub-block commitment (sequin_getPreconfirmation),
 * so a client can check a transaction and its receipt against the commitment's roots.
 */
export class ProvableTrie {
  readonly root: Uint8Array;
  private readonly items: TrieItem[];
  private readonly top: BuiltNode | undefined;

  constructor(values: readonly Uint8Array[]) {
    this.items = values.map((value, index) => ({ nibbles: toNibbles(RLP.encode(index)), value }));
    this.items.sort((a, b) => compareNibbles(a.nibbles, b.nibbles));
    if (this.items.length === 0) {
      this.root = EMPTY_TRIE_ROOT;
      return;
    }
    this.top = this.build(0, this.items.length, 0);
    this.root = keccak256(this.top.encoded);
  }

  /** The nodes proving the item at `index` (or its absence), root first, as hex (as answers serve them). */
  proof(index: number): Hex[] {
    const nibbles = toNibbles(RLP.encode(index));
    const nodes: Hex[] = [];
    let node = this.top;
    while (node) {
      node.hex ??= bytesToHex(node.encoded);
      nodes.push(node.hex);
      node = node.children.find(({ from, to }) => this.covers(from, to, nibbles))?.node;
    }
    return nodes;
  }

  /** True when `nibbles` sorts within items `from`..`to` (the subtree that would hold it). */
  private covers(from: number, to: number, nibbles: Uint8Array): boolean {
    return compareNibbles(this.items[from]!.nibbles, nibbles) <= 0 && compareNibbles(nibbles, this.items[to - 1]!.nibbles) <= 0;
  }

  private build(from: number, to: number, depth: number): BuiltNode {
    const children: BuiltNode['children'] = [];
    const node = buildNode(this.items, from, to, depth, (childFrom, childTo, childDepth): NestedBytes => {
      const child = this.build(childFrom, childTo, childDepth);
      if (child.encoded.length < 32) {
        // Embedded: its own hashed descendants are still on the path.
        children.push(...child.children);
        return RLP.decode(child.encoded) as NestedBytes;
      }
      children.push({ from: childFrom, to: childTo, node: child });
      return keccak256(child.encoded);
    });
    return { encoded: RLP.encode(node), children };
  }
}
