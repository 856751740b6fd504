import type { Account } from '@ethereumjs/util';

/**
 * The writes of some execution, keyed like {@link StateReader}: accounts (null = deleted),
 * storage slots (empty bytes = zero) and new code by hash. Produced by FlatStateManager,
 * persisted by the sequencer and folded into the state trie at seal.
 */
export interface StateChanges {
  accounts: Map<string, Account | null>;
  storage: Map<string, Map<string, Uint8Array>>;
  code: Map<string, Uint8Array>;
}

/** An empty change set. */
export function emptyStateChanges(): StateChanges {
  return { accounts: new Map(), storage: new Map(), code: new Map() };
}

/** True when `changes` holds no write at all. */
export function isEmptyStateChanges(changes: StateChanges): boolean {
  return changes.accounts.size === 0 && changes.storage.size === 0 && changes.code.size === 0;
}

/** Folds `later` into `into` (later writes win). */
export function mergeStateChanges(into: StateChanges, later: StateChanges): void {
  for (const [address, account] of later.accounts) into.accounts.set(address, account);
  for (const [address, slots] of later.storage) {
    let target = into.storage.get(address);
    if (!target) {
      target = new Map();
      into.storage.set(address, target);
    }
    for (const [slot, value] of slots) target.set(slot, value);
  }
  for (const [hash, code] of later.code) into.code.set(hash, code);
}

/** A copy of `changes` that later writes to the original do not reach. */
export function snapshotStateChanges(changes: StateChanges): StateChanges {
  const copy = emptyStateChanges();
  mergeStateChanges(copy, changes);
  return copy;
}
