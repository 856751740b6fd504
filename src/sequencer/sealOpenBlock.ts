import { buildSealedBlock } from '../chain/buildSealedBlock.js';
import type { StoredBlock } from '../chain/records.js';
import { applyStateChanges } from '../execution/applyStateChanges.js';
import type { ExecutedLog } from '../execution/executeTransaction.js';
import { OverlayStateReader } from '../execution/OverlayStateReader.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import { emptyStateChanges, mergeStateChanges, type StateChanges } from '../execution/StateChanges.js';
import type { StateReader } from '../execution/StateReader.js';
import { hexToBytes } from '../primitives/hex.js';
import type { OpenBlock } from './OpenBlock.js';
import { openBlockRun } from './openBlockRun.js';
import type { BlockProducerParts } from './ProducerParts.js';

/** A block being sealed: the open block it seals, its record and RLP, and the state writes the seal adds. */
export interface Sealing {
  open: OpenBlock;
  block: StoredBlock;
  /** Its RLP, as the chain keeps it. */
  rlp: Uint8Array;
  /** What the block did after its transactions (the block end: requests, rewards), by its fork. */
  endChanges: StateChanges;
  /** Its accounts with their new storage roots. */
  sealedAccounts: StateChanges;
  startedAt: number;
}

/**
 * Computes the sealed form of `open` over `finalState` (the state at the end of its sub-blocks); writes
 * nothing. The block end runs first (the block lifecycle's: EIP-7685 requests, proof-of-work rewards; and
 * the block start when no sub-block ran it), then the block's changes are folded into the state trie (new
 * trie nodes stay in `trieNodes` for the caller to flush into the same commit), and the header of the
 * block's fork is built with the open block's transactions and receipts roots. `parentState` is the state
 * of its parent (read from storage when not given).
 */
export async function sealOpenBlock(
  parts: Pick<BlockProducerParts, 'common' | 'execution' | 'storage' | 'trieNodes'>,
  open: OpenBlock,
  finalState: StateReader,
  parentState?: StateReader,
): Promise<Sealing> {
  const startedAt = performance.now();
  const { execution } = parts;
  execution.state.reset(finalState);
  const run = await openBlockRun(parts, open);
  const { requestsHash } = await run.end({ logs: () => logsOf(open) });
  const endChanges = execution.state.takeChanges();
  const changes = emptyStateChanges();
  mergeStateChanges(changes, open.changes);
  mergeStateChanges(changes, endChanges);
  const { stateRoot, updatedAccounts } = await applyStateChanges({
    parentRoot: open.parentStateRoot,
    changes,
    finalState: new OverlayStateReader(finalState, endChanges),
    parentState: parentState ?? new PersistedStateReader(parts.storage, open.number - 1),
    nodes: parts.trieNodes,
  });
  const { opening } = open;
  const { block, rlp } = buildSealedBlock({
    rules: opening.rules,
    parentHash: open.parentHash,
    number: BigInt(open.number),
    timestamp: open.timestamp,
    gasLimit: opening.gasLimit,
    gasUsed: open.gasUsed,
    coinbase: open.coinbase,
    stateRoot,
    transactionsRoot: open.tries.transactionsRoot(),
    receiptsRoot: open.tries.receiptsRoot(),
    logsBloom: open.bloom,
    difficulty: opening.difficulty,
    mixHash: opening.mixHash,
    baseFeePerGas: opening.baseFeePerGas,
    excessBlobGas: opening.excessBlobGas,
    // Submission refuses blob transactions, so Sequin's blocks carry no blobs.
    blobGasUsed: 0n,
    parentBeaconBlockRoot: opening.parentBeaconBlockRoot,
    requestsHash,
    rawTransactions: open.transactions.map((transaction) => transaction.raw),
    transactionHashes: open.transactions.map((transaction) => transaction.hash),
  });
  return { open, block, rlp, endChanges, sealedAccounts: { accounts: updatedAccounts, storage: new Map(), code: new Map() }, startedAt };
}

/** The open block's logs, in order, for the block end (deposit requests); decoded only when asked. */
function* logsOf(open: OpenBlock): Iterable<ExecutedLog> {
  for (const record of open.records) {
    for (const log of record.receipt.logs) yield { address: hexToBytes(log.address), topics: log.topics.map(hexToBytes), data: hexToBytes(log.data) };
  }
}
