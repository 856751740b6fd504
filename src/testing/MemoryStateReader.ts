import { Account } from '@ethereumjs/util';
import type { StateReader } from '../execution/StateReader.js';

/**
 * A Map-backed StateReader holding only accounts' nonce and balance: what the pool reads.
 * Keys are unprefixed lower-case hex addresses, as in StateReader. Storage and code are empty.
 */
export class MemoryStateReader implements StateReader {
  private readonly accounts = new Map<string, Account>();

  /** Sets an account's nonce and balance (a fresh Account, so readers never see it change). */
  set(address: string, fields: { nonce?: bigint; balance?: bigint }): void {
    const current = this.accounts.get(address);
    this.accounts.set(address, new Account(fields.nonce ?? current?.nonce ?? 0n, fields.balance ?? current?.balance ?? 0n));
  }

  /** The account's nonce (0 when absent). */
  nonce(address: string): bigint {
    return this.accounts.get(address)?.nonce ?? 0n;
  }

  account(address: string): Account | undefined {
    return this.accounts.get(address);
  }

  storage(): Uint8Array {
    return new Uint8Array();
  }

  code(): Uint8Array {
    return new Uint8Array();
  }
}
