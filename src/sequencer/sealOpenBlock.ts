import type { Account } from '@ethereumjs/util';
import { buildSealedBlock, type SealedBlock } from '../chain/buildSealedBlock.js';
import { orderedTrieRoot } from '../chain/trieRoot.js';
import { applyStateChanges } from '../execution/applyStateChanges.js';
import type { StateChanges } from '../execution/StateChanges.js';
import type { StateReader } from '../execution/StateReader.js';
import type { TrieNodeStore } from '../execution/TrieNodeStore.js';
import type { OpenBlock } from './OpenBlock.js';

/** A sealed block and the account records (with their new storage roots) the seal must persist beside it. */
export interface SealedOpenBlock extends SealedBlock {
  updatedAccounts: Map<string, Account | null>;
}

/**
 * Seals the open block: folds its changes into the state trie (new trie nodes are left in
 * `nodes` for the caller to flush into the same commit), computes the transactions and receipts
 * roots and builds the header of the block's fork. Writes nothing itself.
 */
export async function sealOpenBlock(options: {
  open: OpenBlock;
  /** Every state change of the block: its sub-blocks' and what the seal itself did (requests, rewards). */
  changes: StateChanges;
  /** The state at the end of the block. */
  finalState: StateReader;
  /** The state of the parent block. */
  parentState: StateReader;
  nodes: TrieNodeStore;
  /** From Prague: the EIP-7685 hash of the block's requests. */
  requestsHash: Uint8Array;
}): Promise<SealedOpenBlock> {
  const { open } = options;
  const { stateRoot, updatedAccounts } = await applyStateChanges({
    parentRoot: open.parentStateRoot,
    changes: options.changes,
    finalState: options.finalState,
    parentState: options.parentState,
    nodes: options.nodes,
  });
  const { opening } = open;
  const sealed = buildSealedBlock({
    rules: opening.rules,
    parentHash: open.parentHash,
    number: BigInt(open.number),
    timestamp: open.timestamp,
    gasLimit: opening.gasLimit,
    gasUsed: open.gasUsed,
    coinbase: open.coinbase,
    stateRoot,
    transactionsRoot: orderedTrieRoot(open.transactions.map((transaction) => transaction.raw)),
    receiptsRoot: orderedTrieRoot(open.transactions.map((transaction) => transaction.receipt)),
    logsBloom: open.bloom,
    difficulty: opening.difficulty,
    mixHash: opening.mixHash,
    baseFeePerGas: opening.baseFeePerGas,
    excessBlobGas: opening.excessBlobGas,
    // Submission refuses blob transactions, so Sequin's blocks carry no blobs.
    blobGasUsed: 0n,
    parentBeaconBlockRoot: opening.parentBeaconBlockRoot,
    requestsHash: options.requestsHash,
    rawTransactions: open.transactions.map((transaction) => transaction.raw),
    transactionHashes: open.transactions.map((transaction) => transaction.hash),
  });
  return { ...sealed, updatedAccounts };
}
