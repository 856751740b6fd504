/**
 * The accounts the wallet signs for: the dev accounts of the node that served it (when that node
 * runs on loopback and hands them out) and keys the user imported. Imported keys live in
 * sessionStorage: they survive a reload but not the closing of the tab, and are never written to
 * localStorage. The selected account is remembered in localStorage (an address, not a key).
 */
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import type { KeyValueStore } from './keyValueStore.js';

/** An account the wallet can sign with. */
export interface WalletAccount {
  address: `0x${string}`;
  /** "Dev account 0", "Imported 1" … */
  label: string;
  signer: PrivateKeyAccount;
}

const IMPORTED_KEY = 'importedKeys';
const SELECTED_KEY = 'selectedAccount';

/** The wallet's accounts and the selected one. */
export class AccountStore {
  #devAccounts: WalletAccount[] = [];
  readonly #session: KeyValueStore;
  readonly #local: KeyValueStore;

  constructor(local: KeyValueStore, session: KeyValueStore) {
    this.#local = local;
    this.#session = session;
  }

  /** Replaces the dev accounts (from the serving node's wallet config). */
  setDevAccounts(privateKeys: readonly string[]): void {
    this.#devAccounts = privateKeys.map((key, index) => toAccount(key, `Dev account ${index}`));
  }

  /**
   * Imports a private key (32 bytes of hex, with or without 0x) and selects it. Throws an Error
   * with a user-facing message for a malformed key. Importing a known key only selects it.
   */
  importKey(privateKey: string): WalletAccount {
    const key = privateKey
      .trim()
      .toLowerCase()
      .replace(/^(0x)?/, '0x');
    if (!/^0x[0-9a-f]{64}$/.test(key)) throw new Error('a private key is 64 hex digits (32 bytes), optionally prefixed with 0x');
    let account: WalletAccount;
    try {
      account = toAccount(key, 'Imported');
    } catch {
      throw new Error('not a valid secp256k1 private key');
    }
    const known = this.list().find((candidate) => candidate.address === account.address);
    if (!known) this.#session.write(IMPORTED_KEY, [...this.#importedKeys(), key]);
    this.select(account.address);
    return known ?? this.find(account.address)!;
  }

  /** Every account: dev accounts first, then imported ones. */
  list(): WalletAccount[] {
    const imported = this.#importedKeys().flatMap((key, index) => {
      try {
        return [toAccount(key, `Imported ${index + 1}`)];
      } catch {
        return [];
      }
    });
    const devAddresses = new Set(this.#devAccounts.map((account) => account.address));
    return [...this.#devAccounts, ...imported.filter((account) => !devAddresses.has(account.address))];
  }

  /** The account with this address (any case), if the wallet holds it. */
  find(address: string): WalletAccount | undefined {
    const lower = address.toLowerCase();
    return this.list().find((account) => account.address.toLowerCase() === lower);
  }

  /** The selected account: the remembered one if still held, else the first. */
  selected(): WalletAccount | undefined {
    const remembered = this.#local.read<string>(SELECTED_KEY);
    return (remembered === undefined ? undefined : this.find(remembered)) ?? this.list()[0];
  }

  select(address: string): void {
    const account = this.find(address);
    if (!account) throw new Error(`the wallet holds no account ${address}`);
    this.#local.write(SELECTED_KEY, account.address);
  }

  #importedKeys(): string[] {
    const keys = this.#session.read<string[]>(IMPORTED_KEY);
    return Array.isArray(keys) ? keys : [];
  }
}

function toAccount(privateKey: string, label: string): WalletAccount {
  const signer = privateKeyToAccount(privateKey as `0x${string}`);
  return { address: signer.address, label, signer };
}
