import { RLP } from '@ethereumjs/rlp';
import { keccak256 } from '../primitives/keccak.js';
import { buildNode, type ChildReference, compareNibbles, EMPTY_TRIE_ROOT, type NestedBytes, referenceTo, type TrieItem, toNibbles } from './trieRoot.js';
/**
 * A block's ordered list trie (key rlp(index) → item, as the transactions and receipts roots use)
 * that grows by appending, and whose root can be asked after every append for little more than
 * the new items cost: each root re-encodes only the nodes on the paths to items added since the
 * previous one, and reuses the hashes of every subtree that gained nothing.
 *
 * Why it is safe to reuse a subtree by its place among the items sorted by key (first position, count,
 * depth): items only ever get appended in index order, and from index 128 on each new key sorts after
 * every key before it (rlp(index): 0x81 xx, then 0x82 xx xx …), so the items already sorted keep their
 * positions, and the same positions hold the same items, so the same node. Below 128 a new key can sort
 * before older ones (rlp(0) = 0x80 sorts after 0x01..0x7f): positions then move, and the cache is emptied.
 *
 * The sealed header's roots are the last roots asked (verified against trieRoot.ts's orderedTrieRoot in
 * OrderedTrie.test.ts): a sub-block's roots, asked as it is committed, are those of the block so far.
 */
export class OrderedTrie {
  private readonly items: TrieItem[] = [];
  private appended: TrieItem[] = [];
  /** Every item in the order appended (index order). */
  private readonly appendOrder: TrieItem[] = [];
  /** Subtree references by first position, count and depth ({@link subtreeKey}), see the class comment. */
  private readonly subtrees = new Map<number, NestedBytes>();
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
      // Mostly sorted already (rlp(index) keys sort in index order within each key length).
      this.appended.sort(byKey);
      const last = this.items[this.items.length - 1];
      const atTheEnd = last === undefined || byKey(last, this.appended[0]!) < 0;
      for (const item of this.appended) this.items.push(item);
      this.appended = [];
      if (!atTheEnd) {
        this.items.sort(byKey);
        this.subtrees.clear();
      }
    }
    this.cachedRoot = keccak256(RLP.encode(buildNode(this.items, 0, this.items.length, 0, this.childOf)));
    return this.cachedRoot;
  }

  private readonly childOf: ChildReference = (from, to, depth) => {
    const key = subtreeKey(from, to - from, depth);
    let reference = this.subtrees.get(key);
    if (reference === undefined) {
      reference = referenceTo(buildNode(this.items, from, to, depth, this.childOf));
      this.subtrees.set(key, reference);
    }
    return reference;
  };
}

const byKey = (a: TrieItem, b: TrieItem): number => compareNibbles(a.nibbles, b.nibbles);

/**
 * One number for a subtree's first position, item count and depth: depth < 64 (rlp(index) keys are at
 * most 9 bytes), count < 2^20 and position < 2^27 items, so the product stays below 2^53.
 */
function subtreeKey(from: number, count: number, depth: number): number {
  return (from * 2 ** 20 + count) * 64 + depth;
}
