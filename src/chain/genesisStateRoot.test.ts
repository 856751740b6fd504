import { createMPT } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GenesisAccount } from '../config/ChainSpec.js';
import { bigintToBytes, bytesToHex, type Hex, hexToBytes } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import { genesisStateRoot } from './genesisStateRoot.js';

/** The same root through @ethereumjs/mpt's secure tries, one insert at a time. */
async function referenceRoot(alloc: Map<Hex, GenesisAccount>): Promise<Hex> {
  const state = await createMPT({ useKeyHashing: true });
  for (const [address, account] of alloc) {
    const storage = await createMPT({ useKeyHashing: true });
    for (const [slot, value] of account.storage) await storage.put(hexToBytes(slot), RLP.encode(bigintToBytes(BigInt(value))));
    await state.put(hexToBytes(address), RLP.encode([bigintToBytes(account.nonce), bigintToBytes(account.balance), storage.root(), keccak256(account.code)]));
  }
  return bytesToHex(state.root());
}

const word = fc.bigInt({ min: 1n, max: 2n ** 256n - 1n }).map((value) => `0x${value.toString(16).padStart(64, '0')}` as Hex);
const account = fc.record({
  balance: fc.bigInt({ min: 0n, max: 2n ** 128n }),
  nonce: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  code: fc.uint8Array({ maxLength: 40 }),
  storage: fc.uniqueArray(fc.tuple(word, word), { maxLength: 6, selector: ([slot]) => slot }).map((entries) => new Map(entries)),
});
const alloc = fc
  .uniqueArray(fc.tuple(fc.uint8Array({ minLength: 20, maxLength: 20 }).map(bytesToHex), account), { maxLength: 12, selector: ([address]) => address })
  .map((entries) => new Map(entries));

describe('genesisStateRoot', () => {
  it('equals the root of @ethereumjs/mpt secure tries for any alloc', async () => {
    await fc.assert(
      fc.asyncProperty(alloc, async (accounts) => {
        expect(bytesToHex(genesisStateRoot(accounts))).toBe(await referenceRoot(accounts));
      }),
      { numRuns: 60 },
    );
  });
});
