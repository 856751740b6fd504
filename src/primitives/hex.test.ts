import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from './hex.js';

describe('hexToBytes', () => {
  // Short strings are judged by a regex, long ones (from 128 digits) by what Node's decoder made of them: both ways must agree.
  const lengths = [0, 1, 20, 32, 63, 64, 65, 115, 1000];

  it('decodes lower- and upper-case hex of every length into a plain Uint8Array of its own', () => {
    for (const length of lengths) {
      const bytes = new Uint8Array(randomBytes(length));
      const hex = bytesToHex(bytes);
      for (const text of [hex, `0x${hex.slice(2).toUpperCase()}`]) {
        const decoded = hexToBytes(text);
        expect(decoded).toEqual(bytes);
        expect(Buffer.isBuffer(decoded)).toBe(false);
        expect(decoded.byteLength).toBe(decoded.buffer.byteLength);
      }
    }
  });

  it('refuses a non-hex digit anywhere, in either half of a pair', () => {
    for (const length of lengths.filter((length) => length > 0)) {
      const digits = randomBytes(length).toString('hex');
      for (const at of [0, 1, digits.length - 2, digits.length - 1, Math.floor(digits.length / 2)]) {
        // U+0130 and U+2030 end in the bytes of "0": Node's hex decoder alone would read them as that digit.
        for (const bad of ['g', 'Z', ' ', 'x', '\u00e9', '\u0130', '\u2030', '\ud800']) {
          const text = `0x${digits.slice(0, at)}${bad}${digits.slice(at + 1)}`;
          expect(() => hexToBytes(text), text).toThrow(new TypeError('invalid hex string'));
        }
      }
    }
  });

  it('refuses a missing prefix and an odd number of digits first', () => {
    expect(() => hexToBytes('abcd')).toThrow(new TypeError('hex string without 0x prefix'));
    expect(() => hexToBytes(`0x${'a'.repeat(129)}`)).toThrow(new TypeError('hex string of odd length'));
    expect(() => hexToBytes('0xabc')).toThrow(new TypeError('hex string of odd length'));
  });
});
