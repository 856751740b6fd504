import { createMPT } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_TRIE_ROOT, orderedTrieRoot, trieRoot } from './trieRoot.js';

async function referenceRoot(entries: Array<[Uint8Array, Uint8Array]>): Promise<Uint8Array> {
  const trie = await createMPT();
  for (const [key, value] of entries) await trie.put(key, value);
  return trie.root();
}

describe('trieRoot', () => {
  it('is the empty-trie root for no entries', async () => {
    expect(Buffer.from(trieRoot([])).toString('hex')).toBe(Buffer.from(await referenceRoot([])).toString('hex'));
    expect(Buffer.from(EMPTY_TRIE_ROOT).toString('hex')).toBe('56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421');
  });

  it('matches @ethereumjs/mpt for ordered lists of many sizes (embedded and hashed nodes)', async () => {
    for (const size of [1, 2, 3, 15, 16, 17, 128, 129, 300]) {
      const values = Array.from({ length: size }, (_, i) => new Uint8Array(i % 7 === 0 ? 3 : 40).fill(i & 255));
      const expected = await referenceRoot(values.map((value, index) => [RLP.encode(index), value]));
      expect(Buffer.from(orderedTrieRoot(values)).toString('hex'), `size ${size}`).toBe(Buffer.from(expected).toString('hex'));
    }
  });

  it('matches @ethereumjs/mpt for arbitrary key sets, including keys that prefix others', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(fc.uint8Array({ minLength: 0, maxLength: 5 }), fc.uint8Array({ minLength: 1, maxLength: 40 })), {
          selector: ([key]) => Buffer.from(key).toString('hex'),
          maxLength: 40,
        }),
        async (entries) => {
          const expected = await referenceRoot(entries);
          expect(Buffer.from(trieRoot(entries)).toString('hex')).toBe(Buffer.from(expected).toString('hex'));
        },
      ),
      { numRuns: 200 },
    );
  });
});
