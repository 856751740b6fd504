import { describe, expect, it } from 'vitest';
import { deriveDevAccounts, deriveDevAccountsFromMnemonic } from './devAccounts.js';

const TEST_MNEMONIC = 'test test test test test test test test test test test junk';

describe('deriveDevAccountsFromMnemonic', () => {
  it("derives the well-known test mnemonic's accounts, as Anvil and Hardhat list them", () => {
    const accounts = deriveDevAccountsFromMnemonic(TEST_MNEMONIC, 3);
    expect(accounts.map((account) => account.address.toLowerCase())).toEqual([
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
    ]);
    expect(accounts[0]!.privateKey).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
  });
});

describe('deriveDevAccounts', () => {
  it('gives the derived accounts of the default mnemonic, however its words are spaced, and beyond the 100 of its table', () => {
    expect(deriveDevAccounts(`  ${TEST_MNEMONIC.replaceAll(' ', '   ')} `, 3)).toEqual(deriveDevAccountsFromMnemonic(TEST_MNEMONIC, 3));
    expect(deriveDevAccounts(TEST_MNEMONIC, 102)).toEqual(deriveDevAccountsFromMnemonic(TEST_MNEMONIC, 102));
  });

  it("derives another mnemonic's accounts", () => {
    const other = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    const accounts = deriveDevAccounts(other, 2);
    expect(accounts).toEqual(deriveDevAccountsFromMnemonic(other, 2));
    expect(accounts[0]!.address).not.toBe(deriveDevAccounts(TEST_MNEMONIC, 1)[0]!.address);
  });
});
