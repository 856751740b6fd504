import { createMerkleProof, createMPT, type MerklePatriciaTrie } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import { createAccountFromRLP, ValueEncoding } from '@ethereumjs/util';
import { EMPTY_TRIE_ROOT } from '../chain/trieRoot.js';
import { bytesToHex, type Hex, toQuantity } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import type { Storage } from '../storage/Storage.js';
import { applyStateChanges } from './applyStateChanges.js';
import { OverlayStateReader } from './OverlayStateReader.js';
import type { StateChanges } from './StateChanges.js';
import type { StateReader } from './StateReader.js';
import { TrieNodeStore } from './TrieNodeStore.js';

const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;

/** A storage slot to prove: its 32-byte key, and the key as the answer prints it. */
export interface StorageKeyRequest {
  slot: Uint8Array;
  /** The input itself when it was 32 bytes, else the key as a quantity (geth's rule). */
  printed: Hex;
}

/** eth_getProof's result (EIP-1186; geth's AccountResult). */
export interface AccountProofResult {
  address: Hex;
  accountProof: Hex[];
  balance: Hex;
  codeHash: Hex;
  nonce: Hex;
  storageHash: Hex;
  storageProof: Array<{ key: Hex; value: Hex; proof: Hex[] }>;
}

/**
 * The EIP-1186 proof of an account and some of its storage slots in the state trie with root
 * `stateRoot`, read from `nodes`. Values come from the trie itself, so they are exactly what
 * the proof proves. As geth answers: an account that does not exist has zero balance and nonce
 * and zero code and storage hashes, and its slots are proven by an empty proof (as are the slots
 * of an account with an empty storage trie); the account proof then proves its absence.
 */
export async function proveAccount(options: {
  nodes: TrieNodeStore;
  stateRoot: Uint8Array;
  address: Uint8Array;
  storageKeys: StorageKeyRequest[];
}): Promise<AccountProofResult> {
  const { nodes, address } = options;
  const accountTrie = await openTrie(nodes, options.stateRoot);
  const accountProof = proofNodes(await createMerkleProof(accountTrie, address));
  const encoded = await accountTrie.get(address);
  const account = encoded ? createAccountFromRLP(encoded) : undefined;
  const storageRoot = account?.storageRoot;
  const storageTrie = storageRoot && Buffer.compare(storageRoot, EMPTY_TRIE_ROOT) !== 0 ? await openTrie(nodes, storageRoot) : undefined;
  const storageProof: AccountProofResult['storageProof'] = [];
  for (const { slot, printed } of options.storageKeys) {
    if (!storageTrie) {
      storageProof.push({ key: printed, value: '0x0', proof: [] });
      continue;
    }
    const stored = await storageTrie.get(slot);
    const value = stored ? (RLP.decode(stored) as Uint8Array) : new Uint8Array(0);
    storageProof.push({
      key: printed,
      value: value.length === 0 ? '0x0' : toQuantity(BigInt(bytesToHex(value))),
      proof: proofNodes(await createMerkleProof(storageTrie, slot)),
    });
  }
  return {
    address: bytesToHex(address),
    accountProof,
    balance: toQuantity(account?.balance ?? 0n),
    codeHash: account ? bytesToHex(account.codeHash) : ZERO_HASH,
    nonce: toQuantity(account?.nonce ?? 0n),
    storageHash: storageRoot ? bytesToHex(storageRoot) : ZERO_HASH,
    storageProof,
  };
}

/**
 * The state trie of the pending state, computed now: the open block's changes folded into its
 * parent's trie in a scratch node store (never flushed), so proofs can be served for "pending"
 * before the block is sealed. `changes` must be a snapshot of the open block's change set.
 */
export async function pendingStateTrie(options: {
  storage: Storage;
  parentRoot: Uint8Array;
  parentState: StateReader;
  changes: StateChanges;
}): Promise<{ stateRoot: Uint8Array; nodes: TrieNodeStore }> {
  const nodes = new TrieNodeStore(options.storage);
  const { stateRoot } = await applyStateChanges({
    parentRoot: options.parentRoot,
    changes: options.changes,
    finalState: new OverlayStateReader(options.parentState, options.changes),
    parentState: options.parentState,
    nodes,
  });
  return { stateRoot, nodes };
}

async function openTrie(nodes: TrieNodeStore, root: Uint8Array): Promise<MerklePatriciaTrie> {
  const trie = await createMPT({ db: nodes, useKeyHashing: true, useKeyHashingFunction: keccak256, valueEncoding: ValueEncoding.Bytes });
  trie.root(root);
  return trie;
}

/**
 * The proof's nodes as EIP-1186 lists them: nodes shorter than 32 bytes are embedded in their
 * parent rather than referenced by hash, so only the root and hash-referenced nodes are listed.
 */
function proofNodes(path: Uint8Array[]): Hex[] {
  return path.filter((node, index) => index === 0 || node.length >= 32).map(bytesToHex);
}
