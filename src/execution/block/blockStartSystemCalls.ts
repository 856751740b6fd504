import { Address } from '@ethereumjs/util';
import { bigintToBytes, bigintToPaddedBytes } from '../../primitives/hex.js';
import type { BlockContext } from './BlockRules.js';

/** EIP-4788's beacon roots contract. */
const BEACON_ROOTS_ADDRESS = new Address(Buffer.from('000f3df6d732807ef1319fb7b8bb8522d0beac02', 'hex'));
/** EIP-4788's HISTORY_BUFFER_LENGTH: the beacon roots contract's ring of timestamps and roots. */
const BEACON_ROOTS_LENGTH = 8191n;
/** EIP-2935's history contract. */
const HISTORY_STORAGE_ADDRESS = new Address(Buffer.from('0000f90827f1c53a10cb7a02335b175320002935', 'hex'));
/**
 * EIP-2935's HISTORY_SERVE_WINDOW, the history contract's ring length, as its deployed code has it (and
 * geth, which runs that code). Not @ethereumjs's `historyServeWindow`: the chain's Common takes the EVM
 * package's value, 8192, from an earlier draft of the EIP.
 */
const HISTORY_SERVE_WINDOW = 8191n;

/*
 * Both system calls write the contract's storage exactly as a system call to its canonical code does
 * (geth runs the code; @ethereumjs writes the slots: the same state, and no account besides the
 * contract changes). A contract without code is left alone, as both do.
 */

/**
 * EIP-4788 (Cancun): the beacon roots contract stores the block's timestamp at `timestamp % 8191` and its
 * parent beacon block root at `timestamp % 8191 + 8191`. Sequin's own blocks carry the zero root (a single
 * sequencer has no beacon chain).
 */
export async function storeBeaconRoot({ execution, block, rules }: BlockContext): Promise<void> {
  if (!rules.isActivatedEIP(4788)) return;
  const { state } = execution;
  if ((await state.getCodeSize(BEACON_ROOTS_ADDRESS)) === 0) return;
  const { timestamp, parentBeaconBlockRoot } = block.header;
  const index = timestamp % BEACON_ROOTS_LENGTH;
  await state.putStorage(BEACON_ROOTS_ADDRESS, word(index), bigintToBytes(timestamp));
  await state.putStorage(BEACON_ROOTS_ADDRESS, word(index + BEACON_ROOTS_LENGTH), parentBeaconBlockRoot ?? new Uint8Array(32));
}

/** EIP-2935 (Prague): the history contract stores the parent's hash at `(number - 1) % 8191`. */
export async function storeParentHash({ execution, block, rules }: BlockContext): Promise<void> {
  const { number, parentHash } = block.header;
  if (!rules.isActivatedEIP(2935) || number === 0n) return;
  const { state } = execution;
  if ((await state.getCodeSize(HISTORY_STORAGE_ADDRESS)) === 0) return;
  await state.putStorage(HISTORY_STORAGE_ADDRESS, word((number - 1n) % HISTORY_SERVE_WINDOW), parentHash);
}

/** A storage slot: the number as 32 bytes. */
function word(value: bigint): Uint8Array {
  return bigintToPaddedBytes(value, 32);
}
