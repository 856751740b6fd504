import { describe, expect, it } from 'vitest';
import { OrderedTrie } from './OrderedTrie.js';
import { orderedTrieRoot } from './trieRoot.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** A deterministic item of varied length (short items are embedded in their parent, long ones hashed). */
function item(index: number): Uint8Array {
  const length = 1 + ((index * 7919) % 90);
  return Uint8Array.from({ length }, (_, offset) => (index * 31 + offset * 17) & 255);
}

describe('OrderedTrie', () => {
  it('answers the root of the items so far after every append, as a trie built from scratch does', () => {
    const trie = new OrderedTrie();
    const values: Uint8Array[] = [];
    expect(hex(trie.root())).toBe(hex(orderedTrieRoot([])));
    // Across the key lengths of rlp(index): 0 (0x80), 1..127 (one byte), 128..255 (0x81 ..), 256.. (0x82 .. ..).
    for (let index = 0; index < 600; index++) {
      values.push(item(index));
      trie.append(values[index]!);
      if (index < 300 || index % 37 === 0) expect(hex(trie.root()), `after ${index + 1} items`).toBe(hex(orderedTrieRoot(values)));
    }
    expect(trie.length).toBe(600);
    expect(hex(trie.root())).toBe(hex(orderedTrieRoot(values)));
  });

  it('gives the same root whether asked after every item or only at the end', () => {
    const often = new OrderedTrie();
    const once = new OrderedTrie();
    for (let index = 0; index < 200; index++) {
      often.append(item(index));
      once.append(item(index));
      if (index % 3 === 0) often.root();
    }
    expect(hex(often.root())).toBe(hex(once.root()));
  });

  it('answers the root of a sub-block after sub-block, whatever the sub-blocks’ sizes, as a trie built from scratch does', () => {
    for (const size of [7, 50, 200]) {
      const trie = new OrderedTrie();
      const values: Uint8Array[] = [];
      for (let index = 0; index < 1_500; index++) {
        values.push(item(index));
        trie.append(values[index]!);
        if ((index + 1) % size === 0) expect(hex(trie.root()), `sub-blocks of ${size}, after ${index + 1} items`).toBe(hex(orderedTrieRoot(values)));
      }
    }
  });
});
