import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { createMPT, type MerklePatriciaTrie } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import { Account, type DB, ValueEncoding } from '@ethereumjs/util';
import { EMPTY_TRIE_ROOT } from '../chain/trieRoot.js';
import { keccak256 } from '../primitives/keccak.js';
import type { StateChanges } from './StateChanges.js';
import type { StateReader } from './StateReader.js';

/** How many trie writes run between yields to the event loop, so RPC keeps flowing during a seal. */
const YIELD_EVERY = 64;

type TrieNodes = DB<string, string | Uint8Array>;

/**
 * Tries left by earlier calls, per node store, to be pointed at another root: building one costs
 * more than folding in an instant-mined block's few changes. Only tries whose every write completed
 * come back here.
 */
const idleTries = new WeakMap<TrieNodes, MerklePatriciaTrie[]>();

/**
 * Folds one block's state changes into the persistent state trie and returns the new state root.
 *
 * The trie is only touched here, once per sealed block and only for what changed (execution
 * runs on the flat state, see execution/FlatStateManager.ts). `finalState` reads the state at
 * the end of the block; `parentState` the state of the parent block, for each account's previous
 * storage root. Returns the accounts with their new storage roots, which the caller persists
 * (writeStateChanges in WorldState.ts) as the block's versioned account records.
 */
export async function applyStateChanges(options: {
  parentRoot: Uint8Array;
  changes: StateChanges;
  finalState: StateReader;
  parentState: StateReader;
  /**
   * Storage roots that replace `parentState`'s as the roots the changes start from: those of accounts an
   * earlier part of the same block changed (a sub-block's root folds in only that sub-block's changes).
   */
  storageRoots?: ReadonlyMap<string, Uint8Array>;
  /** Where trie nodes are read and written: the TrieNodeStore, or a ScratchTrieNodes over it. */
  nodes: TrieNodes;
}): Promise<{ stateRoot: Uint8Array; updatedAccounts: Map<string, Account | null> }> {
  const { changes, finalState, parentState, nodes } = options;
  const accountTrie = await openTrie(nodes, options.parentRoot);
  const updatedAccounts = new Map<string, Account | null>();
  const touched = new Set<string>([...changes.accounts.keys(), ...changes.storage.keys()]);
  let writes = 0;
  for (const address of [...touched].sort()) {
    const account = finalState.account(address);
    const addressBytes = Buffer.from(address, 'hex');
    if (!account) {
      await accountTrie.del(addressBytes);
      updatedAccounts.set(address, null);
      continue;
    }
    let storageRoot = options.storageRoots?.get(address) ?? parentState.account(address)?.storageRoot ?? EMPTY_TRIE_ROOT;
    const slots = changes.storage.get(address);
    if (slots && slots.size > 0) {
      const storageTrie = await openTrie(nodes, storageRoot);
      for (const [slot, value] of slots) {
        const slotBytes = Buffer.from(slot, 'hex');
        if (value.length === 0) await storageTrie.del(slotBytes);
        else await storageTrie.put(slotBytes, RLP.encode(value));
        if (++writes % YIELD_EVERY === 0) await yieldToEventLoop();
      }
      storageRoot = storageTrie.root();
      setTrieAside(nodes, storageTrie);
    }
    const updated = new Account(account.nonce, account.balance, storageRoot, account.codeHash);
    await accountTrie.put(addressBytes, updated.serialize());
    updatedAccounts.set(address, updated);
    if (++writes % YIELD_EVERY === 0) await yieldToEventLoop();
  }
  const stateRoot = accountTrie.root();
  setTrieAside(nodes, accountTrie);
  return { stateRoot, updatedAccounts };
}

/** A trie over `nodes` at `root`: one set aside earlier, or a new one. */
async function openTrie(nodes: TrieNodes, root: Uint8Array): Promise<MerklePatriciaTrie> {
  const trie =
    idleTries.get(nodes)?.pop() ?? (await createMPT({ db: nodes, useKeyHashing: true, useKeyHashingFunction: keccak256, valueEncoding: ValueEncoding.Bytes }));
  trie.root(root);
  return trie;
}

/** Keeps a trie that is done with for the next {@link openTrie} over the same nodes. */
function setTrieAside(nodes: TrieNodes, trie: MerklePatriciaTrie): void {
  const idle = idleTries.get(nodes);
  if (idle) idle.push(trie);
  else idleTries.set(nodes, [trie]);
}
