import { type Account, Address } from '@ethereumjs/util';
import type { FlatStateManager } from './FlatStateManager.js';

/**
 * The writes a state edit may make to the pending state outside any transaction (what dev
 * methods such as anvil_setBalance need). Addresses are 20 bytes; storage slots and values 32.
 */
export interface StateWriter {
  account(address: Uint8Array): Promise<Account | undefined>;
  setBalance(address: Uint8Array, balance: bigint): Promise<void>;
  setNonce(address: Uint8Array, nonce: bigint): Promise<void>;
  setCode(address: Uint8Array, code: Uint8Array): Promise<void>;
  setStorage(address: Uint8Array, slot: Uint8Array, value: Uint8Array): Promise<void>;
}

/** A {@link StateWriter} over a flat state manager: its writes land in the manager's change set. */
export function stateWriterOver(state: FlatStateManager): StateWriter {
  return {
    account: (address) => state.getAccount(new Address(address)),
    setBalance: (address, balance) => state.modifyAccountFields(new Address(address), { balance }),
    setNonce: (address, nonce) => state.modifyAccountFields(new Address(address), { nonce }),
    setCode: (address, code) => state.putCode(new Address(address), code),
    setStorage: (address, slot, value) => state.putStorage(new Address(address), slot, value),
  };
}
