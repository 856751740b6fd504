/**
 * The forked chain's world state at the fork block, read lazily from the remote through
 * {@link SyncRemote} (cached durably there). An account is one remote batch of
 * eth_getBalance + eth_getTransactionCount + eth_getCode (one round trip; any node serves them,
 * unlike eth_getProof which Hardhat lacks); a slot is one eth_getStorageAt. Code is stored under
 * its hash as well, because the flat state looks code up by hash.
 *
 * Accounts read from here carry the empty storage root: the state root of a forked block commits
 * to the changes made since the fork only (docs/guides/forking.md#state-roots).
 */
import { Account } from '@ethereumjs/util';
import { EMPTY_TRIE_ROOT } from '../../chain/trieRoot.js';
import { keccak256 } from '../../primitives/keccak.js';
import { EMPTY_CODE_HASH, type StateReader } from '../StateReader.js';
import { sharedCode } from '../sharedCode.js';
import type { SyncRemote } from './SyncRemote.js';

const EMPTY = new Uint8Array(0);

export class ForkStateReader implements StateReader {
  /** The fork block as a JSON-RPC block parameter. */
  private readonly block: string;

  constructor(
    private readonly remote: SyncRemote,
    forkBlockNumber: bigint,
  ) {
    this.block = `0x${forkBlockNumber.toString(16)}`;
  }

  account(address: string): Account | undefined {
    const at = `0x${address}`;
    const [balance, nonce, code] = this.remote.calls([
      { method: 'eth_getBalance', params: [at, this.block] },
      { method: 'eth_getTransactionCount', params: [at, this.block] },
      { method: 'eth_getCode', params: [at, this.block] },
    ]) as [string, string, string];
    const codeBytes = Buffer.from(code.slice(2), 'hex');
    const balanceValue = BigInt(balance);
    const nonceValue = BigInt(nonce);
    // EIP-161: an account without balance, nonce and code does not exist.
    if (balanceValue === 0n && nonceValue === 0n && codeBytes.length === 0) return undefined;
    let codeHash = Buffer.from(EMPTY_CODE_HASH, 'hex') as Uint8Array;
    if (codeBytes.length > 0) {
      codeHash = keccak256(codeBytes);
      const hash = Buffer.from(codeHash).toString('hex');
      if (this.remote.recall(`code${hash}`) === undefined) this.remote.store(`code${hash}`, code);
    }
    return new Account(nonceValue, balanceValue, EMPTY_TRIE_ROOT, codeHash);
  }

  storage(address: string, slot: string): Uint8Array {
    const value = this.remote.call('eth_getStorageAt', [`0x${address}`, `0x${slot}`, this.block]) as string;
    return stripZeros(Buffer.from(value.slice(2).padStart(64, '0'), 'hex'));
  }

  /** Through the thread's code cache (sharedCode.ts), as every reader of stored code. */
  code(codeHash: string): Uint8Array {
    return sharedCode(codeHash, () => {
      const code = this.remote.recall(`code${codeHash}`) as string | undefined;
      return code ? Buffer.from(code.slice(2), 'hex') : EMPTY;
    });
  }
}

function stripZeros(value: Uint8Array): Uint8Array {
  let start = 0;
  while (start < value.length && value[start] === 0) start++;
  return value.subarray(start);
}
