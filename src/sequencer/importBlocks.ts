/**
 * `sequin import`'s engine: appends blocks of an exported chain to the stored chain, each validated and
 * executed under its own fork's rules, the one writer of chain and state while it runs (no node holds the
 * data directory: its lock says so).
 *
 *   blocks ──▶ already stored? (same hash: skip; another hash: stop)
 *          ──▶ checkBlockAgainstParent (header and body) + uncles (depth, duplicates)
 *          ──▶ executeBlock (execution/block) on the state so far
 *          ──▶ compare gas used, bloom, receipts root, requests hash, state root with the header
 *          ──▶ records (block, its RLP, transactions with receipts) + state + trie nodes into a batch
 *   every BATCH_BLOCKS blocks or progress interval ──▶ one atomic commit, the head moving with it
 *
 * A kill at any moment loses at most the uncommitted batch; a rerun skips what is stored and goes on.
 * Afterwards the head (and so safe and finalized, which are the head on a single-writer chain) is the
 * last imported block.
 */
import type { Block, BlockHeader } from '@ethereumjs/block';
import { createBlockHeaderFromBytesArray } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import { headerFieldsOf } from '../chain/BlockHeaderFields.js';
import type { ChainReader } from '../chain/ChainReader.js';
import type { ChainWriter } from '../chain/ChainWriter.js';
import { checkBlockAgainstParent } from '../chain/checkBlockAgainstParent.js';
import type { RlpChainBlock } from '../chain/readRlpChain.js';
import type { StoredBlock, StoredTransaction, StoredWithdrawal } from '../chain/records.js';
import { storedBlockOf } from '../chain/storedBlockOf.js';
import { commonAt } from '../config/ScheduledCommon.js';
import { applyStateChanges } from '../execution/applyStateChanges.js';
import { type ExecutedBlock, executeBlock, InvalidBlockError } from '../execution/block/executeBlock.js';
import { createExecutionVm } from '../execution/createExecutionVm.js';
import { OverlayStateReader } from '../execution/OverlayStateReader.js';
import { NEWEST_VERSION, PersistedStateReader } from '../execution/PersistedStateReader.js';
import { ScratchTrieNodes } from '../execution/ScratchTrieNodes.js';
import { emptyStateChanges, mergeStateChanges, type StateChanges } from '../execution/StateChanges.js';
import type { StateReader } from '../execution/StateReader.js';
import type { TrieNodeStore } from '../execution/TrieNodeStore.js';
import { writeStateChanges } from '../execution/WorldState.js';
import { bytesToHex, type Hex, hexToBytes, toQuantity } from '../primitives/hex.js';
import { type Storage, WriteBatch } from '../storage/Storage.js';
import { toStoredTransaction } from './transactionRecord.js';

/** Blocks per commit, and the longest time a batch stays open: few fsyncs, little lost to a kill. */
const BATCH_BLOCKS = 256;
/** How often, by default, the import commits and reports progress. */
const DEFAULT_PROGRESS_INTERVAL_MS = 1000;
/** How far back an uncle's parent may be (geth: 7 generations) and how many blocks' uncles a block may not repeat. */
const UNCLE_GENERATIONS = 7;
const MAX_UNCLES = 2;
/** BLOCKHASH reaches 256 blocks back. */
const BLOCK_HASH_WINDOW = 256;

/** A block the import refuses, naming the block and the field that differs. */
export class BlockImportError extends Error {
  constructor(
    readonly blockNumber: bigint,
    readonly field: string,
    problem: string,
  ) {
    super(`block ${blockNumber}: ${field}: ${problem}`);
    this.name = 'BlockImportError';
  }
}

/** What the import writes with and reads from. */
export interface ImportParts {
  /** The chain's Common (its fork schedule). */
  common: Common;
  storage: Storage;
  chain: ChainReader;
  chainWriter: ChainWriter;
  trieNodes: TrieNodeStore;
}

/** Progress of an import, reported about once a second and at the end. */
export interface ImportProgress {
  /** The last block imported (or skipped as already stored). */
  number: bigint;
  imported: number;
  skipped: number;
  /** Gas used by the imported blocks. */
  gas: bigint;
  elapsedMs: number;
}

/**
 * Imports `blocks` (in chain order, e.g. from readRlpChain) on top of the stored chain; resolves with the
 * final progress once everything is committed. Throws a {@link BlockImportError} at the first block that is
 * invalid or whose execution differs from its header (what came before it is committed).
 */
export async function importBlocks(
  parts: ImportParts,
  blocks: AsyncIterable<RlpChainBlock>,
  onProgress: (progress: ImportProgress) => void = () => {},
  progressIntervalMs = DEFAULT_PROGRESS_INTERVAL_MS,
): Promise<ImportProgress> {
  return new ChainImport(parts, onProgress, progressIntervalMs).run(blocks);
}

class ChainImport {
  private head: StoredBlock;
  private headHeader: BlockHeader;
  /** Blocks imported but not committed yet, by number (for BLOCKHASH and ancestry). */
  private readonly uncommitted = new Map<number, { block: StoredBlock; uncles: Hex[] }>();
  private batch = new WriteBatch();
  /** The state written by the uncommitted blocks, over what storage holds. */
  private batchChanges: StateChanges = emptyStateChanges();
  private batchStartedAt = performance.now();
  private readonly startedAt = performance.now();
  private lastReportAt = performance.now();
  private readonly progress: ImportProgress;

  constructor(
    private readonly parts: ImportParts,
    private readonly onProgress: (progress: ImportProgress) => void,
    private readonly progressIntervalMs: number,
  ) {
    const stored = parts.chain.head();
    if (!stored) throw new Error('the data directory holds no chain (no genesis block)');
    this.head = parts.chain.blockByNumber(stored.number)!;
    this.headHeader = headerOf(parts.common, this.head, parts.chain);
    this.progress = { number: BigInt(stored.number), imported: 0, skipped: 0, gas: 0n, elapsedMs: 0 };
    if (parts.chain.subBlocks().some((subBlock) => subBlock.blockNumber === stored.number + 1)) {
      throw new Error(`the data directory holds transactions pre-confirmed in block ${stored.number + 1} by a node: import into a fresh data directory`);
    }
  }

  async run(blocks: AsyncIterable<RlpChainBlock>): Promise<ImportProgress> {
    try {
      await this.importAll(blocks);
    } catch (error) {
      // The blocks before an invalid one are valid: they stay imported (only verified blocks are in the batch).
      if (error instanceof BlockImportError) await this.commit();
      throw error;
    }
    await this.commit();
    this.report(true);
    return this.progress;
  }

  private async importAll(blocks: AsyncIterable<RlpChainBlock>): Promise<void> {
    const execution = await createExecutionVm(this.parts.common, this.state(), (number) => this.blockHash(number));
    for await (const { block, rlp } of blocks) {
      const number = block.header.number;
      if (number <= BigInt(this.head.number)) {
        this.skipStored(block);
        continue;
      }
      if (number !== BigInt(this.head.number) + 1n) {
        throw new BlockImportError(number, 'number', `the chain holds blocks up to ${BigInt(this.head.number)}: blocks must follow on from it, in order`);
      }
      const problem = checkBlockAgainstParent(block, this.headHeader) ?? this.checkUncles(block);
      if (problem) throw new BlockImportError(number, problem.field, problem.problem);
      const parentState = this.state();
      execution.state.reset(parentState);
      let executed: ExecutedBlock;
      try {
        executed = await executeBlock(execution, block, { stateRootOf: (changes) => this.stateRootOf(changes, parentState, true) });
      } catch (error) {
        if (error instanceof InvalidBlockError) throw new BlockImportError(number, 'transactions', error.message);
        throw error;
      }
      const changes = execution.state.takeChanges();
      this.compare(block, executed);
      const { stateRoot, updatedAccounts } = await applyStateChanges({
        parentRoot: hexToBytes(this.head.stateRoot),
        changes,
        finalState: new OverlayStateReader(parentState, changes),
        parentState,
        nodes: this.parts.trieNodes,
      });
      if (!equal(stateRoot, block.header.stateRoot)) throw mismatch(number, 'stateRoot', stateRoot, block.header.stateRoot);
      this.append(block, rlp, executed, changes, updatedAccounts);
      if (this.uncommitted.size >= BATCH_BLOCKS || performance.now() - this.batchStartedAt >= this.progressIntervalMs) await this.commit();
      this.report(false);
    }
  }

  /** A block at or below the head: the stored one must be the same block. */
  private skipStored(block: Block): void {
    const number = Number(block.header.number);
    const stored = this.uncommitted.get(number)?.block ?? this.parts.chain.blockByNumber(number);
    const hash = bytesToHex(block.hash());
    if (stored?.hash !== hash) {
      throw new BlockImportError(
        block.header.number,
        'hash',
        `${hash} differs from the stored block ${number} (${stored?.hash}): the data directory holds another chain`,
      );
    }
    this.progress.skipped++;
    this.progress.number = block.header.number;
  }

  /** geth's uncle rules: at most two, each a valid-looking header whose parent is a recent ancestor, none included before or an ancestor itself. */
  private checkUncles(block: Block): { field: string; problem: string } | undefined {
    const uncles = block.uncleHeaders;
    if (uncles.length === 0) return undefined;
    if (uncles.length > MAX_UNCLES) return { field: 'uncles', problem: `${uncles.length} uncles, at most ${MAX_UNCLES}` };
    const number = block.header.number;
    const ancestors = new Set<string>();
    const includedUncles = new Set<string>();
    for (let back = 1n; back <= BigInt(UNCLE_GENERATIONS) && number - back >= 0n; back++) {
      const ancestor = this.blockAt(Number(number - back));
      if (!ancestor) break;
      ancestors.add(ancestor.block.hash);
      for (const uncle of ancestor.uncles) includedUncles.add(uncle);
    }
    const seen = new Set<string>();
    for (const uncle of uncles) {
      const hash = bytesToHex(uncle.hash());
      if (seen.has(hash) || includedUncles.has(hash)) return { field: 'uncles', problem: `uncle ${hash} is included twice` };
      seen.add(hash);
      if (ancestors.has(hash)) return { field: 'uncles', problem: `uncle ${hash} is an ancestor` };
      if (!ancestors.has(bytesToHex(uncle.parentHash)) || bytesToHex(uncle.parentHash) === bytesToHex(block.header.parentHash)) {
        return { field: 'uncles', problem: `uncle ${hash}'s parent is not an ancestor within ${UNCLE_GENERATIONS - 1} generations` };
      }
      if (uncle.number >= number || uncle.timestamp <= 0n) return { field: 'uncles', problem: `uncle ${hash} has number ${uncle.number}` };
    }
    return undefined;
  }

  /** Gas used, bloom, receipts root and requests hash as executed against the header's. */
  private compare(block: Block, executed: ExecutedBlock): void {
    const { header } = block;
    if (executed.gasUsed !== header.gasUsed) throw new BlockImportError(header.number, 'gasUsed', `block has ${header.gasUsed}, executed ${executed.gasUsed}`);
    if (!equal(executed.logsBloom, header.logsBloom)) throw mismatch(header.number, 'logsBloom', executed.logsBloom, header.logsBloom);
    if (!equal(executed.receiptsRoot, header.receiptTrie)) throw mismatch(header.number, 'receiptsRoot', executed.receiptsRoot, header.receiptTrie);
    if (executed.requestsHash !== undefined && !equal(executed.requestsHash, header.requestsHash!)) {
      throw mismatch(header.number, 'requestsHash', executed.requestsHash, header.requestsHash!);
    }
  }

  /** Adds an executed block to the batch and makes it the head. */
  private append(block: Block, rlp: Uint8Array, executed: ExecutedBlock, changes: StateChanges, updatedAccounts: StateChanges['accounts']): void {
    const { header } = block;
    const number = Number(header.number);
    const hash = block.hash();
    const uncles = block.uncleHeaders.map((uncle) => bytesToHex(uncle.hash()));
    const withdrawals = header.common.isActivatedEIP(4895) ? (block.withdrawals ?? []).map(storedWithdrawal) : undefined;
    const transactions: StoredTransaction[] = [];
    let logIndex = 0;
    for (const [index, result] of executed.transactions.entries()) {
      transactions.push(
        toStoredTransaction(result, executed.senders[index]!, { blockNumber: number, transactionIndex: index, subBlockIndex: 0, firstLogIndex: logIndex }),
      );
      logIndex += result.logs.length;
    }
    const stored = storedBlockOf(headerFieldsOf(header), hash, {
      transactions: transactions.map((transaction) => transaction.fields.hash as Hex),
      uncles,
      withdrawals,
      size: rlp.length,
    });
    const { chainWriter } = this.parts;
    for (const transaction of transactions) chainWriter.writeTransaction(this.batch, transaction);
    chainWriter.writeBlock(this.batch, stored, rlp);
    const sealedAccounts = { accounts: updatedAccounts, storage: new Map(), code: new Map() };
    writeStateChanges(this.batch, number, changes);
    writeStateChanges(this.batch, number, sealedAccounts);
    mergeStateChanges(this.batchChanges, changes);
    mergeStateChanges(this.batchChanges, sealedAccounts);
    this.uncommitted.set(number, { block: stored, uncles });
    this.head = stored;
    this.headHeader = header;
    this.progress.imported++;
    this.progress.number = header.number;
    this.progress.gas += header.gasUsed;
  }

  /** Commits the batch (state, trie nodes, records, head) in one atomic write. */
  private async commit(): Promise<void> {
    if (this.uncommitted.size === 0) return;
    this.parts.trieNodes.flushInto(this.batch);
    await this.parts.storage.commit(this.batch);
    this.batch = new WriteBatch();
    this.batchChanges = emptyStateChanges();
    this.uncommitted.clear();
    this.batchStartedAt = performance.now();
  }

  /** Reports progress at most once per progress interval; the final figures only update the progress returned. */
  private report(final: boolean): void {
    const now = performance.now();
    this.progress.elapsedMs = now - this.startedAt;
    if (final || now - this.lastReportAt < this.progressIntervalMs) return;
    this.lastReportAt = now;
    this.onProgress({ ...this.progress });
  }

  /** The state after the head: what storage holds with the uncommitted blocks' writes on top. */
  private state(): StateReader {
    return new OverlayStateReader(new PersistedStateReader(this.parts.storage, NEWEST_VERSION), this.batchChanges);
  }

  /**
   * The state root of `parentState` with `changes` on top, for receipts before Byzantium: trie nodes go to a
   * scratch layer (only the block's final root is kept).
   */
  private async stateRootOf(changes: StateChanges, parentState: StateReader, scratch: boolean): Promise<Uint8Array> {
    const nodes = scratch ? new ScratchTrieNodes(this.parts.trieNodes) : this.parts.trieNodes;
    const { stateRoot } = await applyStateChanges({
      parentRoot: hexToBytes(this.head.stateRoot),
      changes,
      finalState: new OverlayStateReader(parentState, changes),
      parentState,
      nodes,
    });
    return stateRoot;
  }

  private blockAt(number: number): { block: StoredBlock; uncles: Hex[] } | undefined {
    const uncommitted = this.uncommitted.get(number);
    if (uncommitted) return uncommitted;
    const block = this.parts.chain.blockByNumber(number);
    return block ? { block, uncles: block.uncles } : undefined;
  }

  /** BLOCKHASH: the last 256 blocks before the one executing. */
  private blockHash(number: bigint): Uint8Array | undefined {
    const head = BigInt(this.head.number);
    if (number > head || number < head + 1n - BigInt(BLOCK_HASH_WINDOW)) return undefined;
    const block = this.blockAt(Number(number));
    return block ? hexToBytes(block.block.hash) : undefined;
  }
}

/** The stored head's header as @ethereumjs decodes it (from its RLP when kept, else from its fields). */
function headerOf(common: Common, block: StoredBlock, chain: ChainReader): BlockHeader {
  const rules = commonAt(common, { number: BigInt(block.number), timestamp: BigInt(block.timestamp), difficulty: BigInt(block.difficulty) });
  const raw = chain.rawBlock(Number(block.number));
  if (raw === undefined) throw new Error(`block ${BigInt(block.number)} has no stored RLP: the data directory was made by an older Sequin`);
  const items = RLP.decode(raw) as unknown as Uint8Array[][];
  return createBlockHeaderFromBytesArray(items[0]!, { common: rules, skipConsensusFormatValidation: true });
}

function storedWithdrawal(withdrawal: { index: bigint; validatorIndex: bigint; address: { bytes: Uint8Array }; amount: bigint }): StoredWithdrawal {
  return {
    index: toQuantity(withdrawal.index),
    validatorIndex: toQuantity(withdrawal.validatorIndex),
    address: bytesToHex(withdrawal.address.bytes),
    amount: toQuantity(withdrawal.amount),
  };
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

function mismatch(number: bigint, field: string, computed: Uint8Array, inBlock: Uint8Array): BlockImportError {
  return new BlockImportError(number, field, `block has ${bytesToHex(inBlock)}, executed ${bytesToHex(computed)}`);
}
