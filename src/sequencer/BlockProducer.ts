import { type Common, ConsensusType, Hardfork } from '@ethereumjs/common';
import { Address } from '@ethereumjs/util';
import type { ChainReader } from '../chain/ChainReader.js';
import type { ChainWriter } from '../chain/ChainWriter.js';
import type { StoredBlock } from '../chain/records.js';
import type { EventBus } from '../events/EventBus.js';
import { applyStateChanges } from '../execution/applyStateChanges.js';
import { applyBlockStart } from '../execution/block/applyBlockStart.js';
import { collectRequests, requestsHash } from '../execution/block/collectRequests.js';
import { payBlockRewards } from '../execution/block/payBlockRewards.js';
import { CachedStateReader } from '../execution/CachedStateReader.js';
import { type ExecutionVm, useRulesOf } from '../execution/createExecutionVm.js';
import { LayeredStateReader } from '../execution/LayeredStateReader.js';
import { OverlayStateReader } from '../execution/OverlayStateReader.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import { ScratchTrieNodes } from '../execution/ScratchTrieNodes.js';
import { emptyStateChanges, mergeStateChanges, type StateChanges } from '../execution/StateChanges.js';
import type { StateReader } from '../execution/StateReader.js';
import { stateWriterOver } from '../execution/StateWriter.js';
import type { TrieNodeStore } from '../execution/TrieNodeStore.js';
import { type WorldState, writeStateChanges } from '../execution/WorldState.js';
import { hexToBytes } from '../primitives/hex.js';
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
import type { OpenBlock, SubBlockContents } from './OpenBlock.js';
import { openBlockAfter } from './openBlockAfter.js';
import type { StateEdit } from './StateEdit.js';
import { sealOpenBlock } from './sealOpenBlock.js';
import { subBlockContents } from './subBlockContents.js';

/** Block parameters of the sequencer. */
export interface BlockSettings {
  /** The gas limit blocks move toward (each block's own limit is fixed when it opens). */
  blockGasLimit: bigint;
  coinbase: Uint8Array;
  /** EIP-6110's deposit contract (its logs become deposit requests from Prague), when the chain has one. */
  depositContract?: Uint8Array;
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
    const { pool, execution, common, settings, logger } = this.parts;
    if (pool.size === 0) return undefined;
    const startedAt = performance.now();
    await this.resetForSubBlock();
    const { executed, failed, gasUsed } = await executeFromPool({
      common,
      pool,
      execution,
      open: this.open,
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
    const startedAt = performance.now();
    try {
      await this.resetForSubBlock();
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

  /** Seals the open block (roots, header, one atomic commit), publishes it, and opens the next block on the interval grid from `nextOpensAtMs`. */
  async seal(nextOpensAtMs: number): Promise<StoredBlock> {
    const { storage, chainWriter, world, trieNodes, common, settings, logger, events } = this.parts;
    const open = this.open;
    const startedAt = performance.now();
    const ending = await this.endBlock();
    const changes = emptyStateChanges();
    mergeStateChanges(changes, open.changes);
    mergeStateChanges(changes, ending.changes);
    const { block, rlp, updatedAccounts } = await sealOpenBlock({
      open,
      coinbase: settings.coinbase,
      changes,
      finalState: new OverlayStateReader(world, ending.changes),
      parentState: new PersistedStateReader(storage, open.number - 1),
      nodes: trieNodes,
      requestsHash: ending.requestsHash,
    });
    const sealedAccounts = { accounts: updatedAccounts, storage: new Map(), code: new Map() };
    const batch = new WriteBatch();
    chainWriter.writeBlock(batch, block, rlp);
    // The seal's own writes first: the sealed account records (same block version) then win.
    writeStateChanges(batch, open.number, ending.changes);
    writeStateChanges(batch, open.number, sealedAccounts);
    trieNodes.flushInto(batch);
    chainWriter.deleteSubBlocks(batch, open.number, open.subBlocks.length);
    await storage.commit(batch);

    // Durable: publish the sealed block and the empty next block in one view.
    chainWriter.remember({ block });
    world.apply(ending.changes);
    world.apply(sealedAccounts);
    this.head = block;
    this.latestState = sealedState(storage, open.number);
    this.open = openBlockAfter(block, nextOpensAtMs, { common, blockGasLimit: settings.blockGasLimit });
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

  /**
   * Retargets the execution state at the pending state for a new sub-block. The block's first sub-block
   * starts with what its fork does before any transaction (EIP-4788, EIP-2935 system writes).
   */
  private async resetForSubBlock(): Promise<void> {
    const { execution, world, storage, trieNodes } = this.parts;
    execution.state.reset(world);
    const open = this.open;
    if (!open.opening.rules.gteHardfork(Hardfork.Byzantium)) {
      // Receipts before Byzantium carry the state root after each transaction: the parent's root with the
      // block's writes so far on top, computed on scratch trie nodes (only the sealed root is kept).
      execution.state.computeStateRootsWith(async (changes) => {
        const blockSoFar = emptyStateChanges();
        mergeStateChanges(blockSoFar, open.changes);
        mergeStateChanges(blockSoFar, changes);
        const { stateRoot } = await applyStateChanges({
          parentRoot: open.parentStateRoot,
          changes: blockSoFar,
          finalState: new OverlayStateReader(world, changes),
          parentState: new PersistedStateReader(storage, open.number - 1),
          nodes: new ScratchTrieNodes(trieNodes),
        });
        return stateRoot;
      });
    }
    if (open.subBlocks.length === 0) {
      await applyBlockStart(execution.state, open.opening.rules, {
        number: BigInt(open.number),
        timestamp: open.timestamp,
        parentHash: open.parentHash,
        parentBeaconBlockRoot: open.opening.parentBeaconBlockRoot,
      });
    }
  }

  /**
   * What the block does after its transactions, by its fork: the block start if no sub-block ran it, the
   * EIP-7685 requests (Prague) and the proof-of-work reward (before the merge). Returns those writes (not
   * yet applied) and the requests hash.
   */
  private async endBlock(): Promise<{ changes: StateChanges; requestsHash: Uint8Array }> {
    const { execution, settings } = this.parts;
    const open = this.open;
    const { rules } = open.opening;
    await this.resetForSubBlock();
    useRulesOf(execution, rules);
    let hash = requestsHash([]);
    if (rules.isActivatedEIP(7685)) {
      const logs = open.records.flatMap((record) =>
        record.receipt.logs.map((log) => ({ address: hexToBytes(log.address), topics: log.topics.map(hexToBytes), data: hexToBytes(log.data) })),
      );
      hash = requestsHash(await collectRequests(execution, rules, { logs, depositContract: settings.depositContract }));
    }
    if (rules.consensusType() === ConsensusType.ProofOfWork) {
      await payBlockRewards(execution, rules, { number: BigInt(open.number), coinbase: new Address(settings.coinbase), uncles: [] });
    }
    return { changes: execution.state.takeChanges(), requestsHash: hash };
  }

  /** Commits a sub-block, then publishes it: world state, pool, the open block, a new view, the event. */
  private async commitSubBlock(
    contents: SubBlockContents,
    outcome: { executed: readonly ExecutedPoolTransaction[]; failed: readonly PoolTransaction[]; startedAt: number },
  ): Promise<SubBlockEvent> {
    const { storage, chainWriter, journal, world, pool, logger, events, clock } = this.parts;
    const open = this.open;
    const batch = new WriteBatch();
    for (const record of contents.records) chainWriter.writeTransaction(batch, record);
    for (const { source } of outcome.executed) journal.forget(batch, source.hash);
    for (const transaction of outcome.failed) journal.forget(batch, transaction.hash);
    writeStateChanges(batch, open.number, contents.changes);
    chainWriter.writeSubBlock(batch, contents.subBlock);
    try {
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
