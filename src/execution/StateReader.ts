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

/** keccak256 of empty code: the code hash of every account without code. */
export const EMPTY_CODE_HASH = 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';

const NO_CODE = new Uint8Array(0);

/** The code of an account in `state` (empty for accounts without code or that do not exist). */
export function codeOf(state: StateReader, address: string): Uint8Array {
  const account = state.account(address);
  if (!account) return NO_CODE;
  const codeHash = Buffer.from(account.codeHash).toString('hex');
  return codeHash === EMPTY_CODE_HASH ? NO_CODE : state.code(codeHash);
}
