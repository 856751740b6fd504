import { type Common, ConsensusType, Hardfork } from '@ethereumjs/common';
import { Address } from '@ethereumjs/util';
import type { ChainReader } from '../chain/ChainReader.js';
import type { ChainWriter } from '../chain/ChainWriter.js';
import { headerFieldsAfter } from '../chain/headerFieldsAfter.js';
import type { StoredBlock } from '../chain/records.js';
import type { EventBus } from '../events/EventBus.js';
import { applyStateChanges } from '../execution/applyStateChanges.js';
import { applyBlockStart } from '../execution/block/applyBlockStart.js';
import { collectRequests, requestsHash } from '../execution/block/collectRequests.js';
import { payBlockRewards } from '../execution/block/payBlockRewards.js';
import { CachedStateReader } from '../execution/CachedStateReader.js';
import { type ExecutionVm, useRulesOf } from '../execution/createExecutionVm.js';
import type { ForkPoint, ForkSource } from '../execution/fork/ForkSource.js';
import { LayeredStateReader } from '../execution/LayeredStateReader.js';
import { OverlayStateReader } from '../execution/OverlayStateReader.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import { ScratchTrieNodes } from '../execution/ScratchTrieNodes.js';
import { emptyStateChanges, mergeStateChanges, type StateChanges } from '../execution/StateChanges.js';
import type { StateReader } from '../execution/StateReader.js';
import { stateWriterOver } from '../execution/StateWriter.js';
import { toStoredStateEdit } from '../execution/stateEditRecord.js';
import type { TrieNodeStore } from '../execution/TrieNodeStore.js';
import { type WorldState, writeStateChanges } from '../execution/WorldState.js';
import { hexToBytes } from '../primitives/hex.js';
import type { Logger } from '../primitives/logger.js';
import { type CommitOptions, type Storage, WriteBatch } from '../storage/Storage.js';
import type { PoolJournal } from '../txpool/PoolJournal.js';
import type { PoolTransaction } from '../txpool/PoolTransaction.js';
import type { TxPool } from '../txpool/TxPool.js';
import type { BlockParameters } from './BlockParameters.js';
import type { ChainEvents, PreconfTickEvent, SubBlockEvent } from './ChainEvents.js';
import type { ChainPoint } from './ChainPoint.js';
import { ChainView } from './ChainView.js';
import { ChainViews } from './ChainViews.js';
import type { Clock } from './Clock.js';
import { type ExecutedPoolTransaction, executeFromPool } from './executeFromPool.js';
import type { MiningMode } from './MiningMode.js';
import { type LoggedOpenBlockHeader, OpenBlock, type SubBlockContents } from './OpenBlock.js';
import { openBlockAfter } from './openBlockAfter.js';
import { reforkWrites } from './reforkWrites.js';
import { LOCAL_ONLY_SEQUENCER_LOG, type LoggedCommit, type SequencerLog } from './SequencerLog.js';
import type { StateEdit } from './StateEdit.js';
import { sealOpenBlock } from './sealOpenBlock.js';
import { subBlockContents } from './subBlockContents.js';
import { forkAnchorWrites } from './writeForkAnchor.js';

/** Everything the producer works with: the writers of chain and state, and what it reads to build blocks. */
export interface BlockProducerParts {
  common: Common;
  /** What the next blocks are stamped with (timestamps, base fee, gas limit, coinbase). */
  parameters: BlockParameters;
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

/** A sub-block executed from the pool (or made by a state edit), not yet written. */
interface ProducedSubBlock {
  contents: SubBlockContents;
  executed: readonly ExecutedPoolTransaction[];
  failed: readonly PoolTransaction[];
  startedAt: number;
}

/** A block being sealed: the open block it seals, its record, and its accounts with their new storage roots. */
interface Sealing {
  open: OpenBlock;
  block: StoredBlock;
  /** Its RLP, as the chain keeps it. */
  rlp: Uint8Array;
  /** What the block did after its transactions (system calls, requests, rewards), by its fork. */
  endChanges: StateChanges;
  sealedAccounts: StateChanges;
  startedAt: number;
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
  /** How many rewinds the chain has had: a position names the same contents only within one epoch. */
  private epoch = 0;

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

  /** The latest sealed block. */
  get latest(): StoredBlock {
    return this.head;
  }

  /** True while the pool holds transactions (executable or not). */
  get hasPoolTransactions(): boolean {
    return this.parts.pool.size > 0;
  }

  /** The block parameters the next blocks are stamped with. */
  get parameters(): BlockParameters {
    return this.parts.parameters;
  }

  /**
   * Executes executable pool transactions into one sub-block and publishes it; returns its event,
   * or undefined when nothing was executable.
   */
  async produceSubBlock(): Promise<SubBlockEvent | undefined> {
    const produced = await this.executeFromPool();
    if (!produced) return undefined;
    const batch = new WriteBatch();
    this.writeSubBlock(batch, produced);
    await this.commitSelected(batch, produced, { subBlock: produced.contents, dropped: produced.failed });
    return this.publishSubBlock(produced);
  }

  /**
   * Instant mining's step: executes executable pool transactions into a sub-block and seals the
   * block at once, the sub-block and the block in one commit; publishes the sub-block, then the
   * block (both events, as in interval mining), and opens the next block at `nextOpensAtMs`.
   * Returns undefined when nothing was executable.
   */
  async produceBlock(nextOpensAtMs: number): Promise<{ subBlock: SubBlockEvent; block: StoredBlock } | undefined> {
    const produced = await this.executeFromPool();
    if (!produced) return undefined;
    const { world } = this.parts;
    const filled = this.open.withAppended(produced.contents);
    // With no sub-block of its own committed yet, the pending state is still the parent's: read from memory.
    const parentState = this.open.isEmpty ? world : undefined;
    const sealing = await this.sealedBlock(filled, new LayeredStateReader(world, [produced.contents.changes]), parentState);
    const batch = new WriteBatch();
    // The sub-block record is left out: the seal would delete it in the same commit.
    this.writeSubBlock(batch, produced, { record: false });
    this.writeSeal(batch, sealing);
    // Its caller waits for this block alone: committed on this thread, without the write thread's hand-offs.
    await this.commitSelected(
      batch,
      produced,
      { subBlock: produced.contents, dropped: produced.failed, seal: { sealing, nextOpensAtMs } },
      { onThisThread: true },
    );
    const subBlock = this.publishSubBlock(produced);
    const block = this.publishSeal(sealing, nextOpensAtMs);
    return { subBlock, block };
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
    const produced: ProducedSubBlock = { contents, executed: [], failed: [], startedAt };
    const batch = new WriteBatch();
    this.writeSubBlock(batch, produced);
    await this.commitLogged(batch, { subBlock: contents });
    const event = this.publishSubBlock(produced);
    this.parts.logger.info('state edit pre-confirmed', { edit: edit.description, block: event.blockNumber, subBlock: event.index });
    return event;
  }

  /**
   * Seals the open block (roots, header, one atomic commit), publishes it, and opens the next
   * block at wall-clock `nextOpensAtMs` (on the interval grid, or now), stamped by the parameters.
   */
  async seal(nextOpensAtMs: number): Promise<StoredBlock> {
    const sealing = await this.sealedBlock(this.open, this.parts.world);
    const batch = new WriteBatch();
    this.writeSeal(batch, sealing);
    await this.commitLogged(batch, { seal: { sealing, nextOpensAtMs } });
    return this.publishSeal(sealing, nextOpensAtMs);
  }

  /**
   * Applies one commit the fleet's sequencer logged (a follower): its sub-block, its seal, or both,
   * in one commit here too, so a restart never finds half of it. The sub-block's txs, and those
   * its execution dropped, leave this node's pool mirror. Throws, committing nothing, when the log
   * does not follow this node's chain or a seal's hash (so its state root) is not the sequencer's.
   */
  async applyLogged(commit: LoggedCommit): Promise<void> {
    const header = commit.subBlock?.open ?? commit.seal?.open;
    if (!header) return;
    this.followOpenBlock(header);
    const batch = new WriteBatch();
    let produced: ProducedSubBlock | undefined;
    let filled = this.open;
    let finalState: StateReader = this.parts.world;
    if (commit.subBlock) {
      const { contents, dropped } = commit.subBlock;
      const mirrored = [...contents.sealInputs.map((input) => input.hash), ...dropped].flatMap((hash) => this.parts.pool.get(hash) ?? []);
      produced = { contents, executed: [], failed: mirrored, startedAt: performance.now() };
      filled = filled.withAppended(contents);
      finalState = new LayeredStateReader(this.parts.world, [contents.changes]);
      // Sealed in the same commit, the sub-block needs no record of its own (the seal would delete it).
      this.writeSubBlock(batch, produced, { record: !commit.seal });
    }
    let sealing: Sealing | undefined;
    if (commit.seal) {
      sealing = await this.sealedBlock(filled, finalState);
      if (sealing.block.hash !== commit.seal.hash) {
        throw new Error(`block ${header.number} sealed here as ${sealing.block.hash}, but the sequencer sealed ${commit.seal.hash}: the state differs`);
      }
      this.writeSeal(batch, sealing);
    }
    await this.commitLogged(batch, {});
    if (produced) this.publishSubBlock(produced);
    if (sealing && commit.seal) this.publishSeal(sealing, commit.seal.nextOpensAtMs);
  }

  /**
   * Makes the open block the one the log's sequencer filled: while no sub-block is in it, the
   * header is taken as logged (a block opened here took its time and parameters from this node).
   * Throws when the chains differ.
   */
  private followOpenBlock(header: LoggedOpenBlockHeader): void {
    const open = this.open;
    if (open.number === header.number && open.timestamp === header.timestamp && open.openedAtMs === header.openedAtMs) return;
    if (open.number === header.number && open.timestamp === header.timestamp && !open.isEmpty) {
      // Restored from storage after a restart (its sub-blocks came from this log): storage keeps the
      // block's timestamp, not the millisecond the sequencer opened it at, so take the log's schedule.
      this.open = open.rescheduled({ openedAtMs: header.openedAtMs, notBeforeMs: header.notBeforeMs });
      return;
    }
    if (open.number !== header.number || !open.isEmpty) {
      throw new Error(`the log's block ${header.number} does not follow this node's chain (open block ${open.number}, ${open.subBlocks.length} sub-blocks)`);
    }
    // The fields the fork and parent decide follow from this node's head, as the sequencer derived them.
    const opening = headerFieldsAfter(this.parts.common, this.head, header.timestamp, header.gasLimit);
    this.open = new OpenBlock({ ...header, opening: { ...opening, gasLimit: header.gasLimit, baseFeePerGas: header.baseFeePerGas } });
    this.views.publish(this.buildView());
  }

  /**
   * Stamps the open block again from the current parameters, opened at `openedAtMs`, if no
   * sub-block is committed yet (nothing durable refers to it), and publishes it; returns false
   * when it already holds sub-blocks. Instant and manual mining call it before filling a block,
   * so the block carries the time it is made at; dev methods after changing a parameter.
   */
  restamp(openedAtMs: number): boolean {
    if (!this.open.isEmpty) return false;
    this.open = openBlockAfter(this.head, this.parts.parameters, openedAtMs);
    this.views.publish(this.buildView());
    return true;
  }

  /** Where the chain stands now: the latest block and the open block's committed sub-blocks. */
  point(): ChainPoint {
    return { head: this.head, open: this.open.isEmpty ? undefined : { header: this.open.header, contents: this.open.contents.slice() } };
  }

  /**
   * Rewinds the chain to `point` (evm_revert, anvil_rollback, anvil_reset), durably: the blocks
   * after its head are deleted with their transactions and receipts, the versioned state written
   * after it is deleted, and the open block it had is written back — all in one atomic commit, so
   * a crash leaves either the old chain or the rewound one. Then the caches that held the old
   * chain are dropped, the block parameters' clock goes back to the head's time (or, with
   * `reset`, every parameter to its start value), a fresh view is published (a new epoch) and
   * `rewound` announced. The pool keeps its transactions (their senders' nonces may now leave
   * them queued) unless `clearPool`; mined transactions of removed blocks are gone, as in Anvil.
   * Returns false, changing nothing, when the point's head is no longer in the chain.
   */
  async rewind(point: ChainPoint, options: { reset?: boolean; clearPool?: boolean } = {}): Promise<boolean> {
    const { storage, chain, chainWriter, world, pool, journal, parameters, clock, events, logger } = this.parts;
    const target = point.head;
    const targetNumber = Number(target.number);
    const headNumber = Number(this.head.number);
    if (targetNumber > headNumber || chain.blockByNumber(targetNumber)?.hash !== target.hash) return false;
    await (this.parts.log ?? LOCAL_ONLY_SEQUENCER_LOG).beforeRewind();
    const restored = point.open?.contents.length ? point.open : undefined;
    const kept = new Set(restored?.contents.flatMap((contents) => contents.records.map((record) => record.fields.hash as string)));

    const batch = new WriteBatch();
    for (let number = targetNumber + 1; number <= headNumber; number++) {
      const block = chain.blockByNumber(number)!;
      chainWriter.deleteBlock(batch, block);
      for (const hash of block.transactions) if (!kept.has(hash)) chainWriter.deleteTransaction(batch, hash);
    }
    for (const record of this.open.records) if (!kept.has(record.fields.hash as string)) chainWriter.deleteTransaction(batch, record.fields.hash as string);
    // Sub-block records written back keep their keys: delete only the others (a batch puts before it deletes).
    const rewrittenSubBlocks = restored && this.open.number === targetNumber + 1 ? restored.contents.length : 0;
    chainWriter.deleteSubBlocks(batch, this.open.number, this.open.subBlocks.length, rewrittenSubBlocks);
    chainWriter.writeHead(batch, target);
    // State edits kept for replays: those of the sub-blocks written back are written again, the rest go.
    const rewrittenEdits = new Set<number>();
    if (restored) {
      const changes = emptyStateChanges();
      let transactionsBefore = 0;
      for (const contents of restored.contents) {
        chainWriter.writeSubBlock(batch, contents.subBlock);
        for (const record of contents.records) chainWriter.writeTransaction(batch, record);
        if (contents.subBlock.stateEdits) {
          const position = { blockNumber: targetNumber + 1, subBlockIndex: contents.subBlock.index, afterTransactions: transactionsBefore };
          chainWriter.writeStateEdit(batch, toStoredStateEdit(position, contents.changes));
          rewrittenEdits.add(contents.subBlock.index);
        }
        transactionsBefore += contents.records.length;
        mergeStateChanges(changes, contents.changes);
      }
      writeStateChanges(batch, targetNumber + 1, changes);
    }
    for (let number = targetNumber + 1; number <= this.open.number; number++)
      chainWriter.deleteStateEdits(batch, number, number === targetNumber + 1 ? rewrittenEdits : undefined);
    const dropped = options.clearPool ? [...pool.contents().values()].flatMap((byNonce) => [...byNonce.values()]) : [];
    for (const transaction of dropped) journal.forget(batch, transaction.hash);
    await storage.rewind(targetNumber, batch);

    // Durable: drop what held the old chain, then publish the rewound one.
    chainWriter.forgetRecent();
    world.forgetCached();
    pool.releaseInFlight();
    for (const transaction of dropped) pool.remove(transaction.hash);
    const now = clock.now();
    if (options.reset) parameters.reset();
    else parameters.rewoundTo(BigInt(target.timestamp), now);
    this.epoch++;
    this.head = target;
    this.latestState = sealedState(storage, targetNumber);
    if (restored) {
      this.open = new OpenBlock({ ...restored.header, openedAtMs: now, notBeforeMs: now, spends: {} });
      for (const contents of restored.contents) this.open.append(contents);
    } else this.open = openBlockAfter(target, parameters, now);
    const view = this.buildView();
    this.views.publish(view);
    logger.info('chain rewound', { toBlock: targetNumber, removedBlocks: headNumber - targetNumber, openSubBlocks: this.open.subBlocks.length });
    events.emit('rewound', { blockNumber: targetNumber, view });
    return true;
  }

  /**
   * anvil_reset with `forking`: the chain starts again on `next`'s block, as a fork started there
   * would (writeForkAnchor: the remote block as the first block, the dev accounts funded). In one
   * atomic commit the old chain's blocks, transactions, sub-blocks and state edits are removed,
   * the whole local state is rewound to nothing and the new anchor written; the pool is emptied.
   * The new anchor is computed first (it reads the new remote), so a failing remote changes
   * nothing; `fork` is repointed just before the commit and back if the commit fails. Then, as
   * after a rewind, the caches are dropped, the block parameters go back to their start values
   * (the gas limit to the new fork block's), and a fresh view (a new epoch) is published.
   */
  async refork(fork: ForkSource, next: ForkPoint, allocations: Array<{ address: string; balance: bigint }>): Promise<void> {
    const { storage, chain, chainWriter, world, pool, journal, parameters, clock, events, logger, trieNodes } = this.parts;
    // A re-fork rewinds the whole chain: a fleet's log cannot carry it either (see rewind).
    await (this.parts.log ?? LOCAL_ONLY_SEQUENCER_LOG).beforeRewind();
    const anchorWrites = await forkAnchorWrites({ chainWriter, trieNodes, anchor: next.anchor, forkState: next.state, allocations });
    const dropped = [...pool.contents().values()].flatMap((byNonce) => [...byNonce.values()]);
    const batch = reforkWrites({
      anchorWrites,
      chain,
      chainWriter,
      journal,
      firstBlock: Number(fork.number),
      headNumber: Number(this.head.number),
      open: this.open,
      droppedTransactions: dropped.map((transaction) => transaction.hash),
    });
    const previous = fork.replace(next);
    try {
      await storage.rewind(-1, batch);
    } catch (error) {
      fork.replace(previous);
      throw error;
    }
    chainWriter.forgetRecent();
    world.forgetCached();
    pool.releaseInFlight();
    for (const transaction of dropped) pool.remove(transaction.hash);
    parameters.reset();
    parameters.gasLimit = BigInt(next.anchor.gasLimit);
    this.epoch++;
    const number = Number(next.anchor.number);
    this.head = chain.blockByNumber(number)!;
    this.latestState = sealedState(storage, number);
    this.open = openBlockAfter(this.head, parameters, clock.now());
    const view = this.buildView();
    this.views.publish(view);
    logger.info('chain re-forked', { remote: next.remote.remote, block: next.anchor.number, hash: next.anchor.hash });
    events.emit('rewound', { blockNumber: number, view });
  }

  /** Announces a sequencer tick (the heartbeat), empty or not. */
  emitTick(tick: PreconfTickEvent): void {
    this.parts.events.emit('preconfTick', tick);
  }

  /** Announces the sequencer's new mining mode. */
  emitMiningMode(mode: MiningMode): void {
    this.parts.events.emit('miningMode', { mode });
  }

  /** Executes what the pool can run into the next sub-block's contents (not yet written), or undefined. */
  private async executeFromPool(): Promise<ProducedSubBlock | undefined> {
    const { pool, execution, common, logger } = this.parts;
    if (pool.size === 0) return undefined;
    await this.resetForSubBlock();
    const startedAt = performance.now();
    const { executed, failed, gasUsed } = await executeFromPool({ common, pool, execution, open: this.open, logger });
    if (executed.length === 0) {
      pool.releaseInFlight();
      if (failed.length > 0) await this.dropFromPool(failed);
      return undefined;
    }
    const contents = subBlockContents({ open: this.open, executed, changes: execution.state.takeChanges(), gasUsed });
    return { contents, executed, failed, startedAt };
  }

  /** Adds a sub-block's writes to `batch`: its transactions and receipts, its state, the journal removals and (unless `record` is false) its record. */
  private writeSubBlock(batch: WriteBatch, produced: ProducedSubBlock, options: { record?: boolean } = {}): void {
    const { chainWriter, journal } = this.parts;
    const { contents } = produced;
    for (const record of contents.records) chainWriter.writeTransaction(batch, record);
    for (const { source } of produced.executed) journal.forget(batch, source.hash);
    for (const transaction of produced.failed) journal.forget(batch, transaction.hash);
    writeStateChanges(batch, this.open.number, contents.changes);
    if (options.record ?? true) chainWriter.writeSubBlock(batch, contents.subBlock);
    // A state edit's writes stay with the block, for replays (traces) after the seal.
    if (contents.subBlock.stateEdits) {
      const position = { blockNumber: this.open.number, subBlockIndex: contents.subBlock.index, afterTransactions: this.open.transactions.length };
      chainWriter.writeStateEdit(batch, toStoredStateEdit(position, contents.changes));
    }
  }

  /**
   * Appends what `batch` holds to the fleet's log as one entry (nothing on a node of its own, or
   * when `logged` is empty: a follower applying the log), notes the log position in it, then
   * commits it. An append the log refuses (this node stopped leading, or another sequencer took
   * over) or cannot confirm commits nothing.
   */
  private async commitLogged(
    batch: WriteBatch,
    logged: { subBlock?: SubBlockContents; dropped?: readonly PoolTransaction[]; seal?: { sealing: Sealing; nextOpensAtMs: number } },
    options: CommitOptions = {},
  ): Promise<void> {
    const log = this.parts.log ?? LOCAL_ONLY_SEQUENCER_LOG;
    if (logged.subBlock || logged.seal) {
      const commit: LoggedCommit = {};
      if (logged.subBlock) {
        commit.subBlock = { contents: logged.subBlock, open: this.open.header, dropped: (logged.dropped ?? []).map((transaction) => transaction.hash) };
      }
      if (logged.seal) {
        const { sealing, nextOpensAtMs } = logged.seal;
        commit.seal = { open: sealing.open.header, hash: sealing.block.hash, nextOpensAtMs };
      }
      await log.append(commit);
    }
    log.notePosition(batch);
    await this.parts.storage.commit(batch, options);
  }

  /** Commits a batch holding pool transactions picked for a sub-block; they are no longer in flight afterwards, whatever happened. */
  private async commitSelected(
    batch: WriteBatch,
    produced: ProducedSubBlock,
    logged: Parameters<BlockProducer['commitLogged']>[1],
    options: CommitOptions = {},
  ): Promise<void> {
    try {
      await this.commitLogged(batch, logged, options);
    } finally {
      if (produced.executed.length > 0 || produced.failed.length > 0) this.parts.pool.releaseInFlight();
    }
  }

  /** After a sub-block is durable: publishes it, in the order readers depend on — world state, pool, the open block, a new view, the event. */
  private publishSubBlock(produced: ProducedSubBlock): SubBlockEvent {
    const { chainWriter, world, pool, logger, events, clock } = this.parts;
    const { contents } = produced;
    const open = this.open;
    chainWriter.remember({ transactions: contents.records });
    world.apply(contents.changes);
    for (const { source } of produced.executed) pool.remove(source.hash);
    for (const transaction of produced.failed) pool.remove(transaction.hash);
    pool.pruneStale(new Set([...produced.executed.map(({ source }) => source.sender), ...contents.changes.accounts.keys()]));
    open.append(contents);
    const view = this.buildView();
    this.views.publish(view);
    const buildMs = performance.now() - produced.startedAt;
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
    // Txs admitted for instant mining become durable with this sub-block: announced now, before it.
    for (const { source } of produced.executed) {
      if (!source.awaitsAnnouncement) continue;
      source.awaitsAnnouncement = false;
      events.emit('pendingTransaction', { hash: source.hash, transaction: source });
    }
    events.emit('subBlock', event);
    return event;
  }

  /**
   * Computes the sealed form of `open` (roots, header) over `finalState`, the state at its end;
   * writes nothing. `parentState` is the state of its parent (read from storage when not given).
   */
  private async sealedBlock(open: OpenBlock, finalState: StateReader, parentState?: StateReader): Promise<Sealing> {
    const { storage, trieNodes } = this.parts;
    const startedAt = performance.now();
    const ending = await this.endBlock(open, finalState);
    const changes = emptyStateChanges();
    mergeStateChanges(changes, open.changes);
    mergeStateChanges(changes, ending.changes);
    const { block, rlp, updatedAccounts } = await sealOpenBlock({
      open,
      changes,
      finalState: new OverlayStateReader(finalState, ending.changes),
      parentState: parentState ?? new PersistedStateReader(storage, open.number - 1),
      nodes: trieNodes,
      requestsHash: ending.requestsHash,
    });
    return { open, block, rlp, endChanges: ending.changes, sealedAccounts: { accounts: updatedAccounts, storage: new Map(), code: new Map() }, startedAt };
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
    if (open.subBlocks.length === 0) await this.applyBlockStartOf(open);
  }

  private async applyBlockStartOf(open: OpenBlock): Promise<void> {
    await applyBlockStart(this.parts.execution.state, open.opening.rules, {
      number: BigInt(open.number),
      timestamp: open.timestamp,
      parentHash: open.parentHash,
      parentBeaconBlockRoot: open.opening.parentBeaconBlockRoot,
    });
  }

  /**
   * What `open` does after its transactions, by its fork, over `state` (the state at the end of its
   * sub-blocks): the block start if no sub-block ran it, the EIP-7685 requests (Prague) and the
   * proof-of-work reward (before the merge). Returns those writes (not yet applied) and the requests hash.
   */
  private async endBlock(open: OpenBlock, state: StateReader): Promise<{ changes: StateChanges; requestsHash: Uint8Array }> {
    const { execution, common } = this.parts;
    const { rules } = open.opening;
    execution.state.reset(state);
    if (open.subBlocks.length === 0) await this.applyBlockStartOf(open);
    useRulesOf(execution, rules);
    let hash = requestsHash([]);
    if (rules.isActivatedEIP(7685)) {
      const logs = open.records.flatMap((record) =>
        record.receipt.logs.map((log) => ({ address: hexToBytes(log.address), topics: log.topics.map(hexToBytes), data: hexToBytes(log.data) })),
      );
      const depositContract = (common as { depositContract?: Uint8Array }).depositContract;
      hash = requestsHash(await collectRequests(execution, rules, { logs, depositContract }));
    }
    if (rules.consensusType() === ConsensusType.ProofOfWork) {
      await payBlockRewards(execution, rules, { number: BigInt(open.number), coinbase: new Address(open.coinbase), uncles: [] });
    }
    return { changes: execution.state.takeChanges(), requestsHash: hash };
  }

  /** Adds a seal's writes to `batch`: the block, its accounts' new storage roots, the trie nodes, and the removal of its sub-block records. */
  private writeSeal(batch: WriteBatch, sealing: Sealing): void {
    const { chainWriter, trieNodes } = this.parts;
    const { open, block } = sealing;
    chainWriter.writeBlock(batch, block, sealing.rlp);
    // The seal's own writes first: the sealed account records (same block version) then win.
    writeStateChanges(batch, open.number, sealing.endChanges);
    writeStateChanges(batch, open.number, sealing.sealedAccounts);
    trieNodes.flushInto(batch);
    chainWriter.deleteSubBlocks(batch, open.number, this.open.subBlocks.length);
  }

  /** After a seal is durable: publishes the sealed block and the empty next block in one view, then the event. */
  private publishSeal(sealing: Sealing, nextOpensAtMs: number): StoredBlock {
    const { storage, chainWriter, world, parameters, clock, logger, events } = this.parts;
    const { open, block, sealedAccounts } = sealing;
    chainWriter.remember({ block });
    world.apply(sealing.endChanges);
    world.apply(sealedAccounts);
    this.head = block;
    this.latestState = sealedState(storage, open.number);
    parameters.sealed(open.header, clock.now());
    this.open = openBlockAfter(block, parameters, nextOpensAtMs);
    const view = this.buildView();
    this.views.publish(view);
    const sealMs = performance.now() - sealing.startedAt;
    logger.debug('sealed block', { number: open.number, txs: open.transactions.length, sealMs: Math.round(sealMs) });
    events.emit('sealedBlock', { number: BigInt(open.number), hash: block.hash, transactionHashes: block.transactions, block, view, sealMs });
    return block;
  }

  /** Drops txs that no longer execute: from the fleet's log first (followers' pools drop them too), then the journal, then the pool. */
  private async dropFromPool(transactions: PoolTransaction[]): Promise<void> {
    await (this.parts.log ?? LOCAL_ONLY_SEQUENCER_LOG).recordDropped(transactions.map((transaction) => transaction.hash));
    const batch = new WriteBatch();
    for (const transaction of transactions) this.parts.journal.forget(batch, transaction.hash);
    await this.parts.storage.commit(batch);
    for (const transaction of transactions) this.parts.pool.remove(transaction.hash);
  }

  private buildView(): ChainView {
    const open = this.open.view();
    const layers = open.changeLayers();
    const pendingState = layers.length === 0 ? this.latestState : new LayeredStateReader(this.latestState, layers);
    return new ChainView(this.head, open, this.latestState, pendingState, this.parts.chain, this.epoch);
  }
}

/** The memoised state after sealed block `number` (immutable, so caching is safe). */
function sealedState(storage: Storage, number: number): StateReader {
  return new CachedStateReader(new PersistedStateReader(storage, number));
}
