import type { AccountProofResult, StorageKeyRequest } from '../../execution/accountProof.js';
import { codeOf } from '../../execution/StateReader.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { TxPool } from '../../txpool/TxPool.js';
import type { BlockSelection } from '../BlockSelection.js';
import type { ProofService } from './ProofService.js';

/**
 * Account state at a block: balance, nonce, code, storage and proofs. The nonce at "pending"
 * also counts the sender's executable pool transactions, so clients can send back to back.
 */
export class StateQueries {
  constructor(
    private readonly views: ViewSource,
    private readonly blocks: BlockSelection,
    private readonly pool: Pick<TxPool, 'nextNonce'>,
    private readonly proofs: ProofService,
  ) {}

  getBalance(address: Uint8Array, block: BlockSelector): bigint {
    return this.blocks.stateAt(this.views.current(), block).account(key(address))?.balance ?? 0n;
  }

  getTransactionCount(address: Uint8Array, block: BlockSelector): bigint {
    if (block.kind === 'tag' && block.tag === 'pending') return this.pool.nextNonce(key(address));
    return this.blocks.stateAt(this.views.current(), block).account(key(address))?.nonce ?? 0n;
  }

  getCode(address: Uint8Array, block: BlockSelector): Uint8Array {
    return codeOf(this.blocks.stateAt(this.views.current(), block), key(address));
  }

  getStorageAt(address: Uint8Array, slot: Uint8Array, block: BlockSelector): Uint8Array {
    return this.blocks.stateAt(this.views.current(), block).storage(key(address), Buffer.from(slot).toString('hex'));
  }

  getStorageValues(requests: ReadonlyArray<{ address: Uint8Array; slots: readonly Uint8Array[] }>, block: BlockSelector): Uint8Array[][] {
    const state = this.blocks.stateAt(this.views.current(), block);
    return requests.map(({ address, slots }) => slots.map((slot) => state.storage(key(address), Buffer.from(slot).toString('hex'))));
  }

  getProof(address: Uint8Array, storageKeys: StorageKeyRequest[], block: BlockSelector): Promise<AccountProofResult> {
    return this.proofs.getProof(address, storageKeys, block);
  }
}

/** The state-reader key of an address: unprefixed lower-case hex. */
function key(address: Uint8Array): string {
  return Buffer.from(address).toString('hex');
}
