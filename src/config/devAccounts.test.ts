import { describe, expect, it } from 'vitest';
import { deriveDevAccounts } from './devAccounts.js';

describe('deriveDevAccounts', () => {
  it("gives the well-known test mnemonic's accounts, as Anvil and Hardhat list them", () => {
    const accounts = deriveDevAccounts('test test test test test test test test test test test junk', 3);
    expect(accounts.map((account) => account.address.toLowerCase())).toEqual([
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
    ]);
    expect(accounts[0]!.privateKey).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
  });
});
