import type { Common } from '@ethereumjs/common';
import type { ChainReader } from '../chain/ChainReader.js';
import type { ChainWriter } from '../chain/ChainWriter.js';
import type { StoredBlock } from '../chain/records.js';
import type { EventBus } from '../events/EventBus.js';
import { CachedStateReader } from '../execution/CachedStateReader.js';
import type { ExecutionVm } from '../execution/createExecutionVm.js';
import { LayeredStateReader } from '../execution/LayeredStateReader.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import type { StateReader } from '../execution/StateReader.js';
import { stateWriterOver } from '../execution/StateWriter.js';
import type { TrieNodeStore } from '../execution/TrieNodeStore.js';
import { type WorldState, writeStateChanges } from '../execution/WorldState.js';
import type { Hex } from '../primitives/hex.js';
import type { Logger } from '../primitives/logger.js';
import { type Storage, WriteBatch } from '../storage/Storage.js';
import type { PoolJournal } from '../txpool/PoolJournal.js';
import type { PoolTransaction } from '../txpool/PoolTransaction.js';
import type { TxPool } from '../txpool/TxPool.js';
import type { ChainEvents, PreconfTickEvent, SubBlockEvent } from './ChainEvents.js';
import { ChainView } from './ChainView.js';
import { ChainViews } from './ChainViews.js';
import type { Clock } from './Clock.js';
import { type ExecutedPoolTransaction, executeFromPool } from './executeFromPool.js';
import { OpenBlock, type SubBlockContents } from './OpenBlock.js';
import { openBlockAfter } from './openBlockAfter.js';
import { LOCAL_ONLY_SEQUENCER_LOG, type OpenBlockHeader, type SequencerLog } from './SequencerLog.js';
import type { StateEdit } from './StateEdit.js';
import { sealOpenBlock } from './sealOpenBlock.js';
import { subBlockContents } from './subBlockContents.js';

/** Block parameters of the sequencer. */
export interface BlockSettings {
  blockGasLimit: bigint;
  coinbase: Uint8Array;
}

/** Everything the producer works with: the writers of chain and state, and what it reads to build blocks. */
export interface BlockProducerParts {
  common: Common;
  settings: BlockSettings;
  storage: Storage;
  chain: ChainReader;
  chainWriter: ChainWriter;
  world: WorldState;
  pool: TxPool;
  journal: PoolJournal;
  events: EventBus<ChainEvents>;
  execution: ExecutionVm;
  trieNodes: TrieNodeStore;
  clock: Clock;
  logger: Logger;
  /** The fleet's log every sub-block and seal goes to before it is published; none on a node of its own. */
  log?: SequencerLog;
}

/**
 * The one writer of chain and state. It turns pool transactions and state edits into durable
 * sub-blocks of the open block, and seals the open block into a block. Every step follows the
 * same order: execute on the pending state, commit to storage in one batch, then publish — the
 * world state and pool first, then a new {@link ChainView} (the atomic step every read sees),
 * then the event. Nobody can observe a state that a crash could take back.
 *
 * Not reentrant: the {@link Sequencer} runs one step at a time.
 */
export class BlockProducer {
  readonly views: ChainViews;
  private open: OpenBlock;
  /** The state after the latest sealed block, shared by every view until the next seal. */
  private latestState: StateReader;
  private head: StoredBlock;

  constructor(
    private readonly parts: BlockProducerParts,
    openBlock: OpenBlock,
  ) {
    this.open = openBlock;
    this.head = parts.chain.blockByNumber(openBlock.number - 1)!;
    this.latestState = sealedState(parts.storage, openBlock.number - 1);
    this.views = new ChainViews(this.buildView());
  }

  /** The block being filled (read-only; readers use {@link views}). */
  get openBlock(): OpenBlock {
    return this.open;
  }

  /**
   * Executes executable pool transactions into one sub-block and publishes it; returns its event,
   * or undefined when nothing was executable.
   */
  async produceSubBlock(): Promise<SubBlockEvent | undefined> {
    const { pool, execution, world, common, settings, logger } = this.parts;
    if (pool.size === 0) return undefined;
    execution.state.reset(world);
    const startedAt = performance.now();
    const { executed, failed, gasUsed } = await executeFromPool({
      common,
      pool,
      execution,
      open: this.open,
      gasLimit: settings.blockGasLimit,
      coinbase: settings.coinbase,
      logger,
    });
    if (executed.length === 0) {
      pool.releaseInFlight();
      if (failed.length > 0) await this.dropFromPool(failed);
      return undefined;
    }
    const contents = subBlockContents({ open: this.open, executed, changes: execution.state.takeChanges(), gasUsed });
    return this.commitSubBlock(contents, { executed, failed, startedAt });
  }

  /** Applies a state edit in a sub-block of its own and publishes it. */
  async applyStateEdit(edit: StateEdit): Promise<SubBlockEvent> {
    const { execution, world } = this.parts;
    execution.state.reset(world);
    const startedAt = performance.now();
    try {
      await edit.apply(stateWriterOver(execution.state));
    } catch (error) {
      execution.state.reset(world);
      throw error;
    }
    const contents = subBlockContents({
      open: this.open,
      executed: [],
      changes: execution.state.takeChanges(),
      gasUsed: this.open.gasUsed,
      stateEdits: [edit.description],
    });
    const event = await this.commitSubBlock(contents, { executed: [], failed: [], startedAt });
    this.parts.logger.info('state edit pre-confirmed', { edit: edit.description, block: event.blockNumber, subBlock: event.index });
    return event;
  }

  /**
   * Applies a sub-block that the fleet's sequencer executed and logged (a follower): the same
   * commit and publication as one produced here; its txs leave this node's pool mirror.
   */
  async applyLoggedSubBlock(contents: SubBlockContents, header: OpenBlockHeader): Promise<SubBlockEvent> {
    this.followOpenBlock(header);
    const hashes = contents.sealInputs.map((input) => input.hash);
    return this.commitSubBlock(contents, { executed: [], failed: [], logged: hashes, startedAt: performance.now() });
  }

  /**
   * Makes the open block the one the log's sequencer filled: the same number and, while no
   * sub-block is in it, the same timestamp and opening time (a block opened at start-up takes
   * them from the clock). Throws when the chains differ.
   */
  followOpenBlock(header: OpenBlockHeader): void {
    const open = this.open;
    if (open.number === header.number && open.timestamp === header.timestamp && open.openedAtMs === header.openedAtMs) return;
    if (open.number !== header.number || open.subBlocks.length > 0 || open.baseFeePerGas !== header.baseFeePerGas) {
      throw new Error(`the log's block ${header.number} does not follow this node's chain (open block ${open.number}, ${open.subBlocks.length} sub-blocks)`);
    }
    this.open = new OpenBlock(open.number, header.timestamp, open.baseFeePerGas, open.parentHash, open.parentStateRoot, header.openedAtMs);
    this.views.publish(this.buildView());
  }

  /** Seals the open block (roots, header, one atomic commit), publishes it, and opens the next block on the interval grid from `nextOpensAtMs`. */
  async seal(nextOpensAtMs: number): Promise<StoredBlock> {
    const { storage, chainWriter, world, trieNodes, common, settings, logger, events } = this.parts;
    const open = this.open;
    const startedAt = performance.now();
    const { block, updatedAccounts } = await sealOpenBlock({
      common,
      open,
      gasLimit: settings.blockGasLimit,
      coinbase: settings.coinbase,
      finalState: world,
      parentState: new PersistedStateReader(storage, open.number - 1),
      nodes: trieNodes,
    });
    const sealedAccounts = { accounts: updatedAccounts, storage: new Map(), code: new Map() };
    const batch = new WriteBatch();
    chainWriter.writeBlock(batch, block);
    writeStateChanges(batch, open.number, sealedAccounts);
    trieNodes.flushInto(batch);
    chainWriter.deleteSubBlocks(batch, open.number, open.subBlocks.length);
    const log = this.parts.log ?? LOCAL_ONLY_SEQUENCER_LOG;
    await log.appendSeal({ open: headerOf(open), hash: block.hash, nextOpensAtMs });
    log.notePosition(batch);
    await storage.commit(batch);

    // Durable: publish the sealed block and the empty next block in one view.
    chainWriter.remember({ block });
    world.apply(sealedAccounts);
    this.head = block;
    this.latestState = sealedState(storage, open.number);
    this.open = openBlockAfter(block, nextOpensAtMs);
    const view = this.buildView();
    this.views.publish(view);
    const sealMs = performance.now() - startedAt;
    logger.debug('sealed block', { number: open.number, txs: open.transactions.length, sealMs: Math.round(sealMs) });
    events.emit('sealedBlock', { number: BigInt(open.number), hash: block.hash, transactionHashes: block.transactions, block, view, sealMs });
    return block;
  }

  /** Announces a sequencer tick (the heartbeat), empty or not. */
  emitTick(tick: PreconfTickEvent): void {
    this.parts.events.emit('preconfTick', tick);
  }

  /** Commits a sub-block, then publishes it: world state, pool, the open block, a new view, the event. */
  private async commitSubBlock(
    contents: SubBlockContents,
    outcome: {
      executed: readonly ExecutedPoolTransaction[];
      failed: readonly PoolTransaction[];
      /** Txs a follower's pool mirror holds that the logged sub-block includes. */
      logged?: readonly Hex[];
      startedAt: number;
    },
  ): Promise<SubBlockEvent> {
    const { storage, chainWriter, journal, world, pool, logger, events, clock } = this.parts;
    const open = this.open;
    const batch = new WriteBatch();
    for (const record of contents.records) chainWriter.writeTransaction(batch, record);
    for (const { source } of outcome.executed) journal.forget(batch, source.hash);
    for (const transaction of outcome.failed) journal.forget(batch, transaction.hash);
    for (const hash of outcome.logged ?? []) journal.forget(batch, hash);
    writeStateChanges(batch, open.number, contents.changes);
    chainWriter.writeSubBlock(batch, contents.subBlock);
    try {
      const log = this.parts.log ?? LOCAL_ONLY_SEQUENCER_LOG;
      await log.appendSubBlock(contents, headerOf(open));
      log.notePosition(batch);
      await storage.commit(batch);
    } finally {
      // Whatever happened, the transactions selected for this sub-block are no longer in flight.
      if (outcome.executed.length > 0 || outcome.failed.length > 0) pool.releaseInFlight();
    }

    // Durable: now publish, in the order readers depend on.
    chainWriter.remember({ transactions: contents.records });
    world.apply(contents.changes);
    for (const { source } of outcome.executed) pool.remove(source.hash);
    for (const transaction of outcome.failed) pool.remove(transaction.hash);
    for (const hash of outcome.logged ?? []) pool.remove(hash);
    pool.pruneStale(new Set([...outcome.executed.map(({ source }) => source.sender), ...contents.changes.accounts.keys()]));
    open.append(contents);
    const view = this.buildView();
    this.views.publish(view);
    const buildMs = performance.now() - outcome.startedAt;
    const { subBlock } = contents;
    logger.debug('pre-confirmed sub-block', { block: open.number, index: subBlock.index, txs: contents.records.length, buildMs: Math.round(buildMs) });
    // Taken before listeners run: fanning out to subscribers is not part of becoming durable.
    const event: SubBlockEvent = {
      blockNumber: BigInt(open.number),
      index: subBlock.index,
      timestamp: open.timestamp,
      transactionHashes: subBlock.transactionHashes,
      subBlock,
      transactions: contents.records,
      view,
      preconfirmedAtMs: clock.now(),
      buildMs,
    };
    events.emit('subBlock', event);
    return event;
  }

  private async dropFromPool(transactions: PoolTransaction[]): Promise<void> {
    const batch = new WriteBatch();
    for (const transaction of transactions) this.parts.journal.forget(batch, transaction.hash);
    await this.parts.storage.commit(batch);
    for (const transaction of transactions) this.parts.pool.remove(transaction.hash);
  }

  private buildView(): ChainView {
    const open = this.open.view();
    const layers = open.changeLayers();
    const pendingState = layers.length === 0 ? this.latestState : new LayeredStateReader(this.latestState, layers);
    return new ChainView(this.head, open, this.latestState, pendingState, this.parts.chain);
  }
}

/** The memoised state after sealed block `number` (immutable, so caching is safe). */
function sealedState(storage: Storage, number: number): StateReader {
  return new CachedStateReader(new PersistedStateReader(storage, number));
}

/** The fixed header fields of `open`, copied (the log encodes them later). */
function headerOf(open: OpenBlock): OpenBlockHeader {
  return { number: open.number, timestamp: open.timestamp, baseFeePerGas: open.baseFeePerGas, openedAtMs: open.openedAtMs };
}
