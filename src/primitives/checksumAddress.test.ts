import fc from 'fast-check';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { checksumAddress } from './checksumAddress.js';

describe('checksumAddress', () => {
  it("matches EIP-55's examples", () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(checksumAddress(address.toLowerCase())).toBe(address);
    }
  });

  it("agrees with viem's getAddress for any address, with or without 0x, in any case", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean(), (bytes, upper) => {
        const hex = Buffer.from(bytes).toString('hex');
        const input = upper ? hex.toUpperCase() : hex;
        expect(checksumAddress(input)).toBe(getAddress(`0x${hex}`));
        expect(checksumAddress(`0x${input}`)).toBe(getAddress(`0x${hex}`));
      }),
    );
  });
});
