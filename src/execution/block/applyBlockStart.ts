import type { Common } from '@ethereumjs/common';
import { Address, bigIntToAddressBytes } from '@ethereumjs/util';
import { bigintToBytes, padBytes } from '../../primitives/hex.js';
import type { FlatStateManager } from '../FlatStateManager.js';

/** EIP-4788's beacon roots contract. */
const BEACON_ROOTS_ADDRESS = new Address(Buffer.from('000f3df6d732807ef1319fb7b8bb8522d0beac02', 'hex'));

/** The header fields the start of a block reads. */
export interface BlockStartHeader {
  number: bigint;
  timestamp: bigint;
  parentHash: Uint8Array;
  /** From Cancun; Sequin's own blocks carry the zero hash (a single sequencer has no beacon chain). */
  parentBeaconBlockRoot?: Uint8Array;
}

/**
 * What a block does before its first transaction, by its fork (`rules`):
 *
 * - EIP-4788 (Cancun): the beacon roots contract stores the timestamp at `timestamp % 8191` and the
 *   parent beacon block root at `timestamp % 8191 + 8191`;
 * - EIP-2935 (Prague): the history contract stores the parent hash at `(number - 1) % 8191`.
 *
 * Each writes the contract's storage exactly as the system call to its canonical code does (geth runs the
 * code, @ethereumjs writes the slots: the same state); a contract without code is left alone, as both do.
 */
export async function applyBlockStart(state: FlatStateManager, rules: Common, header: BlockStartHeader): Promise<void> {
  if (rules.isActivatedEIP(4788)) {
    const length = BigInt(rules.param('historicalRootsLength'));
    const index = header.timestamp % length;
    if ((await state.getCode(BEACON_ROOTS_ADDRESS)).length > 0) {
      await state.putStorage(BEACON_ROOTS_ADDRESS, word(index), bigintToBytes(header.timestamp));
      await state.putStorage(BEACON_ROOTS_ADDRESS, word(index + length), header.parentBeaconBlockRoot ?? new Uint8Array(32));
    }
  }
  if (rules.isActivatedEIP(2935) && header.number > 0n) {
    const history = new Address(bigIntToAddressBytes(rules.param('historyStorageAddress')));
    const window = rules.param('historyServeWindow');
    if ((await state.getCode(history)).length > 0) await state.putStorage(history, word((header.number - 1n) % window), header.parentHash);
  }
}

/** A storage slot: the number as 32 bytes. */
function word(value: bigint): Uint8Array {
  return padBytes(bigintToBytes(value), 32);
}
