import { RLP } from '@ethereumjs/rlp';
import { keccak256 } from '../primitives/keccak.js';
import { buildNode, type ChildReference, compareNibbles, EMPTY_TRIE_ROOT, type NestedBytes, referenceTo, type TrieItem, toNibbles } from './trieRoot.js';
/**
 * A block's ordered list trie (key rlp(index) → item, as the transactions and receipts roots use)
 * that grows by appending, and whose root can be asked after every append for little more than
 * the new items cost: each root re-encodes only the nodes on the paths to items added since the
 * previous one, and reuses the hashes of every subtree that gained nothing.
 *
 * Why it is safe to reuse a subtree by its key prefix and item count: items only ever get appended
 * in index order, so the items under a prefix are always "every index so far with that prefix";
 * the same count under the same prefix is the same set of items, so the same node.
 *
 * The sealed header's roots are the last roots asked (verified against trieRoot.ts's orderedTrieRoot in
 * OrderedTrie.test.ts): a sub-block's roots, asked as it is committed, are those of the block so far.
 */
export class OrderedTrie {
  private readonly items: TrieItem[] = [];
  private appended: TrieItem[] = [];
  /** Every item in the order appended (index order). */
  private readonly appendOrder: TrieItem[] = [];
  /** Subtree references by `depth:prefix:count`, see the class comment. */
  private readonly subtrees = new Map<string, NestedBytes>();
  private cachedRoot: Uint8Array | undefined = EMPTY_TRIE_ROOT;

  /** How many items the trie holds. */
  get length(): number {
    return this.items.length + this.appended.length;
  }

  /** Appends the item at the next index. */
  append(value: Uint8Array): void {
    const item = { nibbles: toNibbles(RLP.encode(this.length)), value };
    this.appended.push(item);
    this.appendOrder.push(item);
    this.cachedRoot = undefined;
  }

  /**
   * Drops the items from `length` on. The subtree cache may then name items that are gone (same
   * prefix and count, other items), so it is emptied: the next root is built afresh.
   */
  truncate(length: number): void {
    if (length >= this.length) return;
    const all = [...this.items, ...this.appended];
    // Items sort by key, not index: keep those whose index (their position in append order) stays.
    const keep = new Set(this.appendOrder.slice(0, length));
    this.items.length = 0;
    this.items.push(...all.filter((item) => keep.has(item)));
    this.appended = [];
    this.appendOrder.length = length;
    this.subtrees.clear();
    this.cachedRoot = length === 0 ? EMPTY_TRIE_ROOT : undefined;
  }

  /** The root of every item appended so far. */
  root(): Uint8Array {
    if (this.cachedRoot) return this.cachedRoot;
    if (this.appended.length > 0) {
      this.items.push(...this.appended);
      this.appended = [];
      // Mostly sorted already (rlp(index) keys sort in index order within each key length).
      this.items.sort((a, b) => compareNibbles(a.nibbles, b.nibbles));
    }
    this.cachedRoot = keccak256(RLP.encode(buildNode(this.items, 0, this.items.length, 0, this.childOf)));
    return this.cachedRoot;
  }

  private readonly childOf: ChildReference = (from, to, depth) => {
    const key = `${depth}:${Buffer.from(this.items[from]!.nibbles.subarray(0, depth)).toString('hex')}:${to - from}`;
    let reference = this.subtrees.get(key);
    if (reference === undefined) {
      reference = referenceTo(buildNode(this.items, from, to, depth, this.childOf));
      this.subtrees.set(key, reference);
    }
    return reference;
  };
}
