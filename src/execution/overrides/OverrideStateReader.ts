import { Account } from '@ethereumjs/util';
import { keccak256 } from '../../primitives/keccak.js';
import { emptyStateChanges, type StateChanges } from '../StateChanges.js';
import { EMPTY_CODE_HASH, type StateReader } from '../StateReader.js';
import { overriddenAddresses, type StateOverride } from './StateOverride.js';

const EMPTY = new Uint8Array(0);
const EMPTY_CODE_HASH_BYTES = Buffer.from(EMPTY_CODE_HASH, 'hex');

/**
 * A state with geth's state overrides applied on top of `base`, as `StateOverride.Apply` leaves a
 * StateDB: per account (in address order) the nonce, the code, the balance, then either the whole
 * storage (`state`: slots not listed read as zero) or some slots (`stateDiff`). An account given
 * any of these exists afterwards, even if it did not (geth creates it). Nothing is copied: reads
 * look at the overrides first, then at `base`.
 *
 * What the overrides wrote is kept as {@link changes} (in the form execution produces), and the
 * accounts whose storage was replaced as {@link clearedStorage}: eth_simulateV1 folds both into
 * its blocks' state roots. Precompile moves are not state; see precompileOverrides.ts.
 */
export class OverrideStateReader implements StateReader {
  /** The accounts, slots and code the overrides set. */
  readonly changes: StateChanges = emptyStateChanges();
  /** Accounts whose storage the overrides replaced as a whole (`state`). */
  readonly clearedStorage = new Set<string>();

  constructor(
    private readonly base: StateReader,
    override: StateOverride,
  ) {
    for (const address of overriddenAddresses(override)) {
      const fields = override.get(address)!;
      const { nonce, code, balance, state, stateDiff } = fields;
      if (nonce === undefined && code === undefined && balance === undefined && state === undefined && stateDiff === undefined) continue;
      const current = base.account(address);
      const account = current
        ? new Account(current.nonce, current.balance, current.storageRoot, current.codeHash)
        : new Account(0n, 0n, undefined, EMPTY_CODE_HASH_BYTES);
      if (nonce !== undefined) account.nonce = nonce;
      if (code !== undefined) {
        const codeHash = keccak256(code);
        account.codeHash = codeHash;
        if (code.length > 0) this.changes.code.set(Buffer.from(codeHash).toString('hex'), code);
      }
      if (balance !== undefined) account.balance = balance;
      this.changes.accounts.set(address, account);
      const slots = state ?? stateDiff;
      if (state !== undefined) this.clearedStorage.add(address);
      if (slots !== undefined && slots.size > 0) {
        const written = new Map<string, Uint8Array>();
        for (const [slot, value] of slots) written.set(slot, stripZeros(value));
        this.changes.storage.set(address, written);
      }
    }
  }

  account(address: string): Account | undefined {
    return this.changes.accounts.get(address) ?? this.base.account(address);
  }

  storage(address: string, slot: string): Uint8Array {
    const overridden = this.changes.storage.get(address)?.get(slot);
    if (overridden !== undefined) return overridden;
    return this.clearedStorage.has(address) ? EMPTY : this.base.storage(address, slot);
  }

  code(codeHash: string): Uint8Array {
    return this.changes.code.get(codeHash) ?? this.base.code(codeHash);
  }
}

function stripZeros(value: Uint8Array): Uint8Array {
  let start = 0;
  while (start < value.length && value[start] === 0) start++;
  return value.subarray(start);
}
