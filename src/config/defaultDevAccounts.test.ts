import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNTS_MNEMONIC, DEFAULT_DEV_ACCOUNTS } from './defaultDevAccounts.js';
import { deriveDevAccountsFromMnemonic } from './devAccounts.js';
import { DEFAULT_MNEMONIC } from './settings/chainSettings.js';

describe('DEFAULT_DEV_ACCOUNTS', () => {
  it("are the default mnemonic's first 100 accounts as derived", () => {
    expect(DEFAULT_ACCOUNTS_MNEMONIC).toBe(DEFAULT_MNEMONIC);
    const derived = deriveDevAccountsFromMnemonic(DEFAULT_MNEMONIC, 100);
    expect(DEFAULT_DEV_ACCOUNTS.map(([address, privateKey]) => ({ address, privateKey }))).toEqual(derived);
  });
});
