/**
 * The state root of a genesis alloc, as geth commits it: the secure account trie (key keccak(address),
 * value rlp([nonce, balance, storageRoot, codeHash])) with each account's secure storage trie (key
 * keccak(slot), value rlp(value without leading zero bytes); zero values are absent).
 *
 * Built with {@link trieRoot} rather than @ethereumjs/mpt: the key sets are complete, so each node is
 * hashed once (mainnet's 8,893 genesis accounts would cost ~1 s through mpt's per-insert hashing).
 */
import { RLP } from '@ethereumjs/rlp';
import type { GenesisAccount } from '../config/ChainSpec.js';
import { bigintToBytes, type Hex, hexToBytes } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import { trieRoot } from './trieRoot.js';

/** The state root of `alloc` (address → account). */
export function genesisStateRoot(alloc: Map<Hex, GenesisAccount>): Uint8Array {
  const accounts: Array<[Uint8Array, Uint8Array]> = [];
  for (const [address, account] of alloc) {
    const storage: Array<[Uint8Array, Uint8Array]> = [];
    for (const [slot, value] of account.storage) storage.push([keccak256(hexToBytes(slot)), RLP.encode(stripLeadingZeros(hexToBytes(value)))]);
    const body = [bigintToBytes(account.nonce), bigintToBytes(account.balance), trieRoot(storage), keccak256(account.code)];
    accounts.push([keccak256(hexToBytes(address)), RLP.encode(body)]);
  }
  return trieRoot(accounts);
}

function stripLeadingZeros(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length && bytes[start] === 0) start++;
  return bytes.subarray(start);
}
