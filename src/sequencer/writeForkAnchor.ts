import { Account } from '@ethereumjs/util';
import type { ChainWriter } from '../chain/ChainWriter.js';
import type { ForkAnchor } from '../chain/ForkAnchor.js';
import { recordKeys } from '../chain/recordKeys.js';
import type { StoredBlock } from '../chain/records.js';
import { storedBlockRlp } from '../chain/storedRecordRlp.js';
import { EMPTY_TRIE_ROOT } from '../chain/trieRoot.js';
import type { ChainHardfork } from '../config/chainHardfork.js';
import { applyStateChanges } from '../execution/applyStateChanges.js';
import { OverlayStateReader } from '../execution/OverlayStateReader.js';
import { emptyStateChanges } from '../execution/StateChanges.js';
import type { StateReader } from '../execution/StateReader.js';
import type { TrieNodeStore } from '../execution/TrieNodeStore.js';
import { writeStateChanges } from '../execution/WorldState.js';
import { bytesToHex, type Hex, toQuantity } from '../primitives/hex.js';
import { type Storage, WriteBatch } from '../storage/Storage.js';

const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;

/**
 * Starts a forked chain: writes the fork block as the local chain's first block, so the sequencer
 * opens block N+1 on top of it (parent hash, timestamp, gas limit and base fee are the remote's).
 * The dev accounts get `balance` on top of their forked state (nonce and code stay the remote's),
 * as Anvil funds them. The record's state root is the root of the local trie, which holds only
 * what the fork changed (the dev balances here): see docs/guides/forking.md#state-roots.
 * Blocks up to N are served from the remote, so the record is the sequencer's parent only.
 */
export async function writeForkAnchor(options: ForkAnchorParts & { storage: Storage; hardfork?: ChainHardfork }): Promise<void> {
  const batch = await forkAnchorWrites(options);
  if (options.hardfork !== undefined) batch.putRecord(recordKeys.hardfork, options.hardfork);
  await options.storage.commit(batch);
}

/** What the anchor's writes are computed from. */
export interface ForkAnchorParts {
  chainWriter: ChainWriter;
  trieNodes: TrieNodeStore;
  anchor: ForkAnchor;
  /** The forked state (the storage already reads through to the remote). */
  forkState: StateReader;
  allocations: Array<{ address: string; balance: bigint }>;
}

/**
 * The writes of {@link writeForkAnchor}, not committed: the anchor block, its record and the dev
 * balances, at version N (a re-fork commits them with the old chain's removal, in one batch).
 * Reads the forked state (the dev accounts), so it may fail on the remote: nothing is written then.
 */
export async function forkAnchorWrites(options: ForkAnchorParts): Promise<WriteBatch> {
  const { anchor, forkState } = options;
  const number = Number(anchor.number);
  const changes = emptyStateChanges();
  for (const { address, balance } of options.allocations) {
    const key = address.replace(/^0x/, '').toLowerCase();
    const forked = forkState.account(key);
    changes.accounts.set(key, new Account(forked?.nonce ?? 0n, balance, EMPTY_TRIE_ROOT, forked?.codeHash));
  }
  const { stateRoot, updatedAccounts } = await applyStateChanges({
    parentRoot: EMPTY_TRIE_ROOT,
    changes,
    finalState: new OverlayStateReader(forkState, changes),
    parentState: forkState,
    nodes: options.trieNodes,
  });
  const block: StoredBlock = {
    number: toQuantity(BigInt(number)),
    hash: anchor.hash,
    parentHash: anchor.parentHash,
    nonce: '0x0000000000000000',
    sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
    logsBloom: `0x${'00'.repeat(256)}`,
    transactionsRoot: bytesToHex(EMPTY_TRIE_ROOT),
    stateRoot: bytesToHex(stateRoot),
    receiptsRoot: bytesToHex(EMPTY_TRIE_ROOT),
    miner: anchor.miner,
    difficulty: '0x0',
    totalDifficulty: '0x0',
    extraData: '0x',
    size: '0x0',
    gasLimit: anchor.gasLimit,
    gasUsed: anchor.gasUsed,
    timestamp: anchor.timestamp,
    mixHash: ZERO_HASH,
    baseFeePerGas: anchor.baseFeePerGas,
    withdrawalsRoot: bytesToHex(EMPTY_TRIE_ROOT),
    withdrawals: [],
    blobGasUsed: '0x0',
    excessBlobGas: '0x0',
    parentBeaconBlockRoot: ZERO_HASH,
    requestsHash: ZERO_HASH,
    uncles: [],
    transactions: [],
  };
  const batch = new WriteBatch();
  writeStateChanges(batch, number, changes);
  writeStateChanges(batch, number, { accounts: updatedAccounts, storage: new Map(), code: new Map() });
  options.trieNodes.flushInto(batch);
  // The anchor's own record (no body: its transactions are the remote's history), encoded as stored.
  options.chainWriter.writeBlock(batch, block, storedBlockRlp(block, []));
  batch.putRecord(recordKeys.chainId, anchor.chainId);
  batch.putRecord(recordKeys.fork, anchor);
  return batch;
}
