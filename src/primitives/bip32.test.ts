import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { bip32DeriveChild, bip32DerivePath, bip32MasterNode } from './bip32.js';

const hex = (bytes: Uint8Array | null | undefined) => Buffer.from(bytes ?? []).toString('hex');

describe('BIP-32 over libsecp256k1', () => {
  it('derives the keys and chain codes a reference HD wallet library derives', () => {
    for (let round = 0; round < 20; round++) {
      const seed = randomBytes(round % 2 === 0 ? 64 : 16);
      const reference = HDKey.fromMasterSeed(seed);
      const master = bip32MasterNode(seed);
      expect(hex(master.privateKey)).toBe(hex(reference.privateKey));
      expect(hex(master.chainCode)).toBe(hex(reference.chainCode));
      for (const path of ["m/44'/60'/0'/0", 'm/0/1/2', "m/2147483647'/7", 'm']) {
        const node = bip32DerivePath(master, path);
        const expected = reference.derive(path);
        expect(hex(node.privateKey)).toBe(hex(expected.privateKey));
        expect(hex(node.chainCode)).toBe(hex(expected.chainCode));
        const child = bip32DeriveChild(node, round);
        expect(hex(child.privateKey)).toBe(hex(expected.deriveChild(round).privateKey));
      }
    }
  });

  it('refuses malformed paths', () => {
    const master = bip32MasterNode(randomBytes(32));
    expect(() => bip32DerivePath(master, "44'/60'")).toThrow('a BIP-32 path starts with "m"');
    expect(() => bip32DerivePath(master, 'm/x')).toThrow('invalid BIP-32 path step "x"');
    expect(() => bip32DerivePath(master, 'm/2147483648')).toThrow('invalid BIP-32 path step');
  });
});
