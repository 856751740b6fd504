import { NotFoundError } from '../../errors/NotFoundError.js';
import { type AccountProofResult, pendingStateTrie, proveAccount, type StorageKeyRequest } from '../../execution/accountProof.js';
import { PersistedStateReader } from '../../execution/PersistedStateReader.js';
import { emptyStateChanges, mergeStateChanges } from '../../execution/StateChanges.js';
import { TrieNodeStore } from '../../execution/TrieNodeStore.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { hexToBytes } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { Storage } from '../../storage/Storage.js';
import type { BlockSelection } from '../BlockSelection.js';

/**
 * eth_getProof. Sealed blocks are proven from the persistent state trie at their state root
 * (trie nodes are never pruned, so every historical root can be proven). "pending" with
 * pre-confirmed sub-blocks has no trie yet: its trie is computed on request by folding the open
 * block's changes into the latest sealed trie in a scratch store, and kept until the next
 * sub-block, so its proofs verify against the root the block will have once sealed (if nothing
 * else is pre-confirmed before the seal).
 */
export class ProofService {
  /** Read-only use of the stored trie nodes (nothing is ever put, so nothing is flushed). */
  private readonly sealedNodes: TrieNodeStore;
  private pending: { key: string; trie: ReturnType<typeof pendingStateTrie> } | undefined;

  constructor(
    private readonly views: ViewSource,
    private readonly blocks: BlockSelection,
    private readonly storage: Storage,
  ) {
    this.sealedNodes = new TrieNodeStore(storage);
  }

  async getProof(address: Uint8Array, storageKeys: StorageKeyRequest[], block: BlockSelector): Promise<AccountProofResult> {
    const view = this.views.current();
    const resolved = this.blocks.resolve(view, block);
    if (!resolved) throw new NotFoundError({ kind: 'header' });
    if (resolved.kind === 'sealed') {
      return proveAccount({ nodes: this.sealedNodes, stateRoot: hexToBytes(resolved.block.stateRoot), address, storageKeys });
    }
    const { stateRoot, nodes } = await this.pendingTrie(view);
    return proveAccount({ nodes, stateRoot, address, storageKeys });
  }

  /** The pending state's trie as of `view`, computed once per pre-confirmed sub-block. */
  private pendingTrie(view: ChainView): ReturnType<typeof pendingStateTrie> {
    const { open } = view;
    const key = `${view.epoch}:${open.number}:${open.subBlockCount}`;
    if (this.pending?.key !== key) {
      const changes = emptyStateChanges();
      for (const layer of open.changeLayers()) mergeStateChanges(changes, layer);
      const trie = pendingStateTrie({
        storage: this.storage,
        parentRoot: open.parentStateRoot,
        parentState: new PersistedStateReader(this.storage, open.number - 1),
        changes,
      });
      this.pending = { key, trie };
      // A failed computation must not be served from the cache.
      trie.catch(() => {
        if (this.pending?.trie === trie) this.pending = undefined;
      });
    }
    return this.pending.trie;
  }
}
