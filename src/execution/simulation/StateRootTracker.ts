import { Account } from '@ethereumjs/util';
import { EMPTY_TRIE_ROOT } from '../../chain/trieRoot.js';
import { applyStateChanges } from '../applyStateChanges.js';
import { mergeStateChanges, type StateChanges, snapshotStateChanges } from '../StateChanges.js';
import type { StateReader } from '../StateReader.js';
import type { TrieNodeStore } from '../TrieNodeStore.js';

/**
 * The state roots of blocks built on top of a sealed block without sealing them (eth_simulateV1,
 * testing_buildBlockV1): each block's changes are folded into the trie from the previous root, in
 * a node store that is never flushed, so nothing reaches storage. Storage roots come from the
 * sealed state, then from the roots this tracker computed, since the accounts a block's execution
 * wrote carry stale ones. An account whose storage an override replaced (`state`) starts from the
 * empty trie.
 */
export class StateRootTracker {
  private root: Uint8Array;
  /** Accounts with the storage roots of the last computed block, over the sealed state. */
  private readonly withRoots = new Map<string, Account | null>();
  private pending: StateChanges | undefined;

  /**
   * @param sealed the sealed block's state root and state (its accounts' storage roots are right)
   * @param unsealed changes on top of the sealed block that belong to the first block built (the
   *   open block's pre-confirmed changes, when building on "pending")
   */
  constructor(
    private readonly nodes: TrieNodeStore,
    sealed: { stateRoot: Uint8Array; state: StateReader },
    unsealed: StateChanges | undefined,
  ) {
    this.root = sealed.stateRoot;
    this.sealedState = sealed.state;
    this.pending = unsealed;
  }

  private readonly sealedState: StateReader;

  /** The state root after one more block: `changes` on top of the last root; `finalState` is the state after it. */
  async advance(changes: StateChanges, clearedStorage: ReadonlySet<string>, finalState: StateReader): Promise<Uint8Array> {
    let all = changes;
    if (this.pending) {
      all = snapshotStateChanges(this.pending);
      mergeStateChanges(all, changes);
      this.pending = undefined;
    }
    const parentState: StateReader = {
      account: (address) => {
        if (clearedStorage.has(address)) {
          const account = this.account(address);
          return account && new Account(account.nonce, account.balance, EMPTY_TRIE_ROOT, account.codeHash);
        }
        return this.account(address);
      },
      storage: (address, slot) => this.sealedState.storage(address, slot),
      code: (hash) => this.sealedState.code(hash),
    };
    const { stateRoot, updatedAccounts } = await applyStateChanges({ parentRoot: this.root, changes: all, finalState, parentState, nodes: this.nodes });
    for (const [address, account] of updatedAccounts) this.withRoots.set(address, account);
    this.root = stateRoot;
    return stateRoot;
  }

  private account(address: string): Account | undefined {
    const known = this.withRoots.get(address);
    return known === undefined ? this.sealedState.account(address) : (known ?? undefined);
  }
}
