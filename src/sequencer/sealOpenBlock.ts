import type { Common } from '@ethereumjs/common';
import type { Account } from '@ethereumjs/util';
import { buildSealedBlock } from '../chain/buildSealedBlock.js';
import type { StoredBlock } from '../chain/records.js';
import { orderedTrieRoot } from '../chain/trieRoot.js';
import { applyStateChanges } from '../execution/applyStateChanges.js';
import type { StateReader } from '../execution/StateReader.js';
import type { TrieNodeStore } from '../execution/TrieNodeStore.js';
import type { OpenBlock } from './OpenBlock.js';

/** A sealed block and the account records (with their new storage roots) the seal must persist beside it. */
export interface SealedOpenBlock {
  block: StoredBlock;
  updatedAccounts: Map<string, Account | null>;
}

/**
 * Seals the open block: folds its changes into the state trie (new trie nodes are left in
 * `nodes` for the caller to flush into the same commit), computes the transactions and receipts
 * roots and builds the header. Writes nothing itself.
 */
export async function sealOpenBlock(options: {
  common: Common;
  open: OpenBlock;
  /** The state at the end of the open block. */
  finalState: StateReader;
  /** The state of the parent block. */
  parentState: StateReader;
  nodes: TrieNodeStore;
}): Promise<SealedOpenBlock> {
  const { open } = options;
  const { stateRoot, updatedAccounts } = await applyStateChanges({
    parentRoot: open.parentStateRoot,
    changes: open.changes,
    finalState: options.finalState,
    parentState: options.parentState,
    nodes: options.nodes,
  });
  const block = buildSealedBlock(options.common, {
    parentHash: open.parentHash,
    number: BigInt(open.number),
    timestamp: open.timestamp,
    gasLimit: open.gasLimit,
    gasUsed: open.gasUsed,
    baseFeePerGas: open.baseFeePerGas,
    coinbase: open.coinbase,
    stateRoot,
    transactionsRoot: orderedTrieRoot(open.transactions.map((transaction) => transaction.raw)),
    receiptsRoot: orderedTrieRoot(open.transactions.map((transaction) => transaction.receipt)),
    logsBloom: open.bloom,
    rawTransactions: open.transactions.map((transaction) => transaction.raw),
    transactionHashes: open.transactions.map((transaction) => transaction.hash),
  });
  return { block, updatedAccounts };
}
