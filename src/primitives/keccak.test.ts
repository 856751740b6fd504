import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keccak256 } from './keccak.js';

describe('keccak256', () => {
  it('hashes the empty input to the well-known constant', () => {
    expect(Buffer.from(keccak256(new Uint8Array(0))).toString('hex')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });

  it('agrees with @noble/hashes on arbitrary inputs, including block-size boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        expect(Buffer.from(keccak256(bytes)).toString('hex')).toBe(Buffer.from(keccak_256(bytes)).toString('hex'));
      }),
      { numRuns: 500 },
    );
    for (const length of [135, 136, 137, 271, 272, 273]) {
      const bytes = new Uint8Array(length).fill(length);
      expect(Buffer.from(keccak256(bytes)).toString('hex')).toBe(Buffer.from(keccak_256(bytes)).toString('hex'));
    }
  });
});
