/**
 * The state service of a fork: balances, nonces, code, storage and proofs at a block named at or
 * below the fork block come from the remote (cached), so they are exactly the origin's; every other
 * read is the fork's own state, which reads untouched keys through to the remote at the fork block.
 * Proofs of the remote's blocks are the remote's own (against the remote's state root); above the
 * fork block a proof of state that still comes from the remote is refused (ForkProofUnavailableError).
 */
import { ForkProofUnavailableError } from '../../errors/ForkProofUnavailableError.js';
import type { AccountProofResult, StorageKeyRequest } from '../../execution/accountProof.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { bytesToBigint, bytesToHex, type Hex, hexToBytes } from '../../primitives/hex.js';
import type { StateQueries } from '../state/StateQueries.js';
import type { ForkHistory } from './ForkHistory.js';

type State = Pick<StateQueries, 'getBalance' | 'getTransactionCount' | 'getCode' | 'getStorageAt' | 'getStorageValues' | 'getProof'>;

export class ForkedStateQueries implements State {
  constructor(
    private readonly local: State,
    private readonly history: ForkHistory,
  ) {}

  getBalance(address: Uint8Array, block: BlockSelector): bigint {
    const remote = this.history.remoteBlock(block);
    return remote === undefined ? this.local.getBalance(address, block) : BigInt(this.history.call<Hex>('eth_getBalance', [bytesToHex(address), remote]));
  }

  getTransactionCount(address: Uint8Array, block: BlockSelector): bigint {
    const remote = this.history.remoteBlock(block);
    return remote === undefined
      ? this.local.getTransactionCount(address, block)
      : BigInt(this.history.call<Hex>('eth_getTransactionCount', [bytesToHex(address), remote]));
  }

  getCode(address: Uint8Array, block: BlockSelector): Uint8Array {
    const remote = this.history.remoteBlock(block);
    return remote === undefined ? this.local.getCode(address, block) : hexToBytes(this.history.call<Hex>('eth_getCode', [bytesToHex(address), remote]));
  }

  getStorageAt(address: Uint8Array, slot: Uint8Array, block: BlockSelector): Uint8Array {
    const remote = this.history.remoteBlock(block);
    if (remote === undefined) return this.local.getStorageAt(address, slot, block);
    return hexToBytes(this.history.call<Hex>('eth_getStorageAt', [bytesToHex(address), bytesToHex(slot), remote]));
  }

  getStorageValues(requests: ReadonlyArray<{ address: Uint8Array; slots: readonly Uint8Array[] }>, block: BlockSelector): Uint8Array[][] {
    const remote = this.history.remoteBlock(block);
    if (remote === undefined) return this.local.getStorageValues(requests, block);
    return requests.map(({ address, slots }) =>
      slots.map((slot) => hexToBytes(this.history.call<Hex>('eth_getStorageAt', [bytesToHex(address), bytesToHex(slot), remote]))),
    );
  }

  /**
   * At or below the fork block, the remote's proof. Above it, the proof from this chain's own
   * trie, which holds only what the fork wrote: refused when it would show another value than
   * the reads do (an account or slot whose value still comes from the remote).
   */
  async getProof(address: Uint8Array, storageKeys: StorageKeyRequest[], block: BlockSelector): Promise<AccountProofResult> {
    const remote = this.history.remoteBlock(block);
    if (remote !== undefined) {
      return this.history.call<AccountProofResult>('eth_getProof', [bytesToHex(address), storageKeys.map((key) => key.printed), remote]);
    }
    const proof = await this.local.getProof(address, storageKeys, block);
    const printed = bytesToHex(address);
    if (BigInt(proof.balance) !== this.local.getBalance(address, block) || BigInt(proof.nonce) !== this.local.getTransactionCount(address, block)) {
      throw new ForkProofUnavailableError(printed, undefined, this.history.number);
    }
    storageKeys.forEach((key, index) => {
      const read = bytesToBigint(this.local.getStorageAt(address, key.slot, block));
      if (BigInt(proof.storageProof[index]!.value) !== read) throw new ForkProofUnavailableError(printed, key.printed, this.history.number);
    });
    return proof;
  }
}
