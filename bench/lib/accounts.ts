/**
 * The 20 dev accounts both nodes pre-fund, derived from the well-known test mnemonic.
 *
 * BIP-39 seed derivation is slow (PBKDF2), so each key is derived once with viem's
 * `mnemonicToAccount` and then wrapped in a `privateKeyToAccount` signer that is cached
 * for the whole run; signing never re-derives.
 */

import type { Address, Hex } from 'viem';
import { toHex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';

export const MNEMONIC = 'test test test test test test test test test test test junk';
export const ACCOUNT_COUNT = 20;

export interface BenchAccount {
  index: number;
  address: Address;
  signer: PrivateKeyAccount;
  /** The raw key, for the native signer of large bursts (lib/fastSign.ts). */
  privateKey: Hex;
}

let cached: BenchAccount[] | undefined;

/** All ACCOUNT_COUNT accounts, derived on first use (~1 s) and reused afterwards. */
export function benchAccounts(): BenchAccount[] {
  if (cached) return cached;
  cached = [];
  for (let index = 0; index < ACCOUNT_COUNT; index++) {
    const privateKey = mnemonicToAccount(MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
    if (!privateKey) throw new Error(`no private key derived for account ${index}`);
    const signer = privateKeyToAccount(toHex(privateKey));
    cached.push({ index, address: signer.address, signer, privateKey: toHex(privateKey) });
  }
  return cached;
}
