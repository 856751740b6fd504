import { pbkdf2Sync } from 'node:crypto';
import { bip32DeriveChild, bip32DerivePath, bip32MasterNode } from '../primitives/bip32.js';
import { bytesToHex, type Hex } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import { publicKeyOf } from '../primitives/secp256k1.js';
import { DEFAULT_ACCOUNTS_MNEMONIC, DEFAULT_DEV_ACCOUNTS } from './defaultDevAccounts.js';

/** A dev account: an address and its private key (both 0x-hex). */
export interface DevAccount {
  address: Hex;
  privateKey: Hex;
}

/**
 * The `count` accounts of a BIP-39 mnemonic on the path m/44'/60'/0'/0/i, as Anvil, Hardhat and
 * MetaMask derive them: the default mnemonic's first 100 from their table (defaultDevAccounts.ts,
 * so a start loads no libsecp256k1), any other derived.
 */
export function deriveDevAccounts(mnemonic: string, count: number): DevAccount[] {
  if (normalizedMnemonic(mnemonic) === DEFAULT_ACCOUNTS_MNEMONIC && count <= DEFAULT_DEV_ACCOUNTS.length) {
    return DEFAULT_DEV_ACCOUNTS.slice(0, count).map(([address, privateKey]) => ({ address, privateKey }));
  }
  return deriveDevAccountsFromMnemonic(mnemonic, count);
}

/**
 * Derives `count` accounts from a BIP-39 mnemonic on the path m/44'/60'/0'/0/i. The seed uses
 * Node's native PBKDF2 (2048 rounds) because the JS one alone would eat most of the 250 ms
 * start-up budget, and BIP-32 over libsecp256k1 (bip32.ts).
 */
export function deriveDevAccountsFromMnemonic(mnemonic: string, count: number): DevAccount[] {
  const normalized = normalizedMnemonic(mnemonic);
  const seed = pbkdf2Sync(normalized, 'mnemonic', 2048, 64, 'sha512');
  const parent = bip32DerivePath(bip32MasterNode(seed), "m/44'/60'/0'/0");
  const accounts: DevAccount[] = [];
  for (let index = 0; index < count; index++) {
    const { privateKey } = bip32DeriveChild(parent, index);
    accounts.push({ address: addressOf(privateKey), privateKey: bytesToHex(privateKey) });
  }
  return accounts;
}

/** BIP-39's form of a mnemonic: single spaces, NFKD. */
function normalizedMnemonic(mnemonic: string): string {
  return mnemonic.trim().split(/\s+/).join(' ').normalize('NFKD');
}

function addressOf(privateKey: Uint8Array): Hex {
  return bytesToHex(keccak256(publicKeyOf(privateKey)).slice(12));
}
