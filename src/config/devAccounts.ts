import { pbkdf2Sync } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { bytesToHex, type Hex } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import { publicKeyOf } from '../primitives/secp256k1.js';

/** A dev account: an address and its private key (both 0x-hex). */
export interface DevAccount {
  address: Hex;
  privateKey: Hex;
}

/**
 * Derives `count` accounts from a BIP-39 mnemonic on the path m/44'/60'/0'/0/i, as Anvil,
 * Hardhat and MetaMask do. The seed uses Node's native PBKDF2 (2048 rounds) because the JS one
 * alone would eat most of the 300 ms start-up budget.
 */
export function deriveDevAccounts(mnemonic: string, count: number): DevAccount[] {
  const normalized = mnemonic.trim().split(/\s+/).join(' ').normalize('NFKD');
  const seed = pbkdf2Sync(normalized, 'mnemonic', 2048, 64, 'sha512');
  const parent = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0");
  const accounts: DevAccount[] = [];
  for (let index = 0; index < count; index++) {
    const child = parent.deriveChild(index);
    if (!child.privateKey || !child.publicKey) throw new Error(`cannot derive dev account ${index}`);
    accounts.push({ address: publicKeyToAddress(child), privateKey: bytesToHex(child.privateKey) });
  }
  return accounts;
}

function publicKeyToAddress(key: HDKey): Hex {
  return bytesToHex(keccak256(publicKeyOf(key.privateKey as Uint8Array)).slice(12));
}
