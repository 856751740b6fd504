import { createAccountFromRLP } from '@ethereumjs/util';
import type { StoredStateEdit } from '../chain/records.js';
import { bytesToHex, hexToBytes } from '../primitives/hex.js';
import { emptyStateChanges, type StateChanges } from './StateChanges.js';

/** Where a state edit sits in its block. */
export interface StateEditPosition {
  blockNumber: number;
  subBlockIndex: number;
  afterTransactions: number;
}

/** A state edit's writes as the record kept with its block (chain/records.ts). */
export function toStoredStateEdit(position: StateEditPosition, changes: StateChanges): StoredStateEdit {
  return {
    ...position,
    accounts: [...changes.accounts].map(([address, account]) => [address, account ? bytesToHex(account.serialize()) : null]),
    storage: [...changes.storage].flatMap(([address, slots]) =>
      [...slots].map(([slot, value]): [string, string, `0x${string}`] => [address, slot, bytesToHex(value)]),
    ),
    code: [...changes.code].map(([hash, code]) => [hash, bytesToHex(code)]),
  };
}

/** The writes of a stored state edit, to apply again in a replay. */
export function storedStateEditChanges(edit: StoredStateEdit): StateChanges {
  const changes = emptyStateChanges();
  for (const [address, account] of edit.accounts) changes.accounts.set(address, account ? createAccountFromRLP(hexToBytes(account)) : null);
  for (const [address, slot, value] of edit.storage) {
    let slots = changes.storage.get(address);
    if (!slots) {
      slots = new Map();
      changes.storage.set(address, slots);
    }
    slots.set(slot, hexToBytes(value));
  }
  for (const [hash, code] of edit.code) changes.code.set(hash, hexToBytes(code));
  return changes;
}
