import type { Account } from '@ethereumjs/util';

/**
 * Read access to one world state (pending, or as of a sealed block). Synchronous on purpose:
 * every backend answers from memory or an LMDB memory map, and a sync interface keeps the EVM
 * hot path free of promise hops. Keys are unprefixed lower-case hex: 40 digits for addresses,
 * 64 for storage slots and code hashes.
 */
export interface StateReader {
  /** The account, or undefined when it does not exist. Callers must not mutate it. */
  account(address: string): Account | undefined;
  /** The slot's value as minimal bytes (empty for zero). */
  storage(address: string, slot: string): Uint8Array;
  /** Contract code by its hash (empty when unknown). */
  code(codeHash: string): Uint8Array;
}
