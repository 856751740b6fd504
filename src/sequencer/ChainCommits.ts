import type { StoredBlock } from '../chain/records.js';
import type { SignedCommitment } from '../chain/subBlockCommitment.js';
import { toStoredStateEdit } from '../execution/stateEditRecord.js';
import { writeStateChanges } from '../execution/WorldState.js';
import { type CommitOptions, WriteBatch } from '../storage/Storage.js';
import type { PoolTransaction } from '../txpool/PoolTransaction.js';
import type { SubBlockCommitmentEvent, SubBlockEvent } from './ChainEvents.js';
import type { ChainTip } from './ChainTip.js';
import type { ExecutedPoolTransaction } from './executeFromPool.js';
import type { SubBlockContents } from './OpenBlock.js';
import { openBlockAfter } from './openBlockAfter.js';
import type { BlockProducerParts } from './ProducerParts.js';
import { LOCAL_ONLY_SEQUENCER_LOG, type LoggedCommit } from './SequencerLog.js';
import type { Sealing } from './sealOpenBlock.js';

/** A sub-block executed from the pool (or made by a state edit, or read from the fleet's log), not yet written. */
export interface ProducedSubBlock {
  contents: SubBlockContents;
  executed: readonly ExecutedPoolTransaction[];
  /** Pool txs that leave the pool with it (they no longer execute, or a follower's mirror of the sequencer's). */
  failed: readonly PoolTransaction[];
  startedAt: number;
}

/** What a commit appends to the fleet's log: its sub-block (with the txs its execution dropped) and/or its seal. */
export interface CommitToLog {
  subBlock?: SubBlockContents;
  dropped?: readonly PoolTransaction[];
  seal?: { sealing: Sealing; nextOpensAtMs: number };
}

/**
 * How sub-blocks and seals become durable and visible, the same for the producer and for a follower
 * applying the fleet's log: their writes go into one batch (`write…`), the batch is appended to the
 * fleet's log and committed (`commit…`), and only then is it published (`publish…`) — the world state
 * and pool first, then a new view (the atomic step every read sees), then the event. Nobody can
 * observe a state that a crash could take back.
 */
export class ChainCommits {
  /**
   * A published commitment not yet written: it rides with the next commit (any of {@link commitLogged}),
   * or is written alone by {@link writeUnwrittenCommitment} (a rewind, a stop). Losing it to a crash loses
   * nothing: it is a function of its durable sub-block, made again, byte for byte, when the node starts.
   */
  private unwritten: SignedCommitment | undefined;

  constructor(
    private readonly parts: BlockProducerParts,
    private readonly tip: ChainTip,
  ) {}

  /** Adds a sub-block's writes to `batch`: its transactions and receipts, its state, the journal removals and (unless `record` is false) its record. */
  writeSubBlock(batch: WriteBatch, produced: ProducedSubBlock, options: { record?: boolean } = {}): void {
    const { chainWriter, journal } = this.parts;
    const { contents } = produced;
    const open = this.tip.open;
    for (const record of contents.records) chainWriter.writeTransaction(batch, record);
    // One admitted for instant mining and not journaled (it becomes durable in this commit) has no entry to remove.
    for (const { source } of produced.executed) if (!source.awaitsAnnouncement) journal.forget(batch, source.hash);
    for (const transaction of produced.failed) journal.forget(batch, transaction.hash);
    writeStateChanges(batch, open.number, contents.changes);
    if (options.record ?? true) chainWriter.writeSubBlock(batch, contents.subBlock);
    if (contents.commitment) chainWriter.writeCommitment(batch, contents.commitment);
    // A state edit's writes stay with the block, for replays (traces) after the seal.
    if (contents.subBlock.stateEdits) {
      const position = { blockNumber: open.number, subBlockIndex: contents.subBlock.index, afterTransactions: open.transactions.length };
      chainWriter.writeStateEdit(batch, toStoredStateEdit(position, contents.changes));
    }
  }

  /** Adds a seal's writes to `batch`: the block, its accounts' new storage roots, the trie nodes, and the removal of its committed sub-block records. */
  writeSeal(batch: WriteBatch, sealing: Sealing): void {
    this.writeSealedBlock(batch, sealing);
    this.parts.trieNodes.flushInto(batch);
    this.parts.chainWriter.deleteSubBlocks(batch, sealing.open.number, this.tip.open.subBlocks.length);
  }

  /**
   * Adds a sealed block and its state writes to `batch`, without the trie nodes (they stay buffered,
   * readable by the next seal, until flushed): for several seals in one commit (SealedRun).
   */
  writeSealedBlock(batch: WriteBatch, sealing: Sealing): void {
    const { open, block } = sealing;
    this.parts.chainWriter.writeBlock(batch, block, sealing.rlp);
    // The seal's own writes first: the sealed account records (same block version) then win.
    writeStateChanges(batch, open.number, sealing.endChanges);
    writeStateChanges(batch, open.number, sealing.sealedAccounts);
  }

  /**
   * Appends what `batch` holds to the fleet's log as one entry (nothing on a node of its own, or
   * when `logged` is empty: a follower applying the log), notes the log position in it, then
   * commits it. An append the log refuses (this node stopped leading, or another sequencer took
   * over) or cannot confirm commits nothing.
   */
  async commitLogged(batch: WriteBatch, logged: CommitToLog, options: CommitOptions = {}): Promise<void> {
    const log = this.parts.log ?? LOCAL_ONLY_SEQUENCER_LOG;
    // The latest published commitment rides along (it is in the fleet's log already, see logCommitment).
    const carried = this.unwritten;
    if (carried) this.parts.chainWriter.writeCommitment(batch, carried);
    if (logged.subBlock || logged.seal) {
      const commit: LoggedCommit = {};
      if (logged.subBlock) {
        commit.subBlock = { contents: logged.subBlock, open: this.tip.open.header, dropped: (logged.dropped ?? []).map((transaction) => transaction.hash) };
      }
      if (logged.seal) {
        const { sealing, nextOpensAtMs } = logged.seal;
        commit.seal = { open: sealing.open.header, hash: sealing.block.hash, nextOpensAtMs };
      }
      await log.append(commit);
    }
    log.notePosition(batch);
    await this.parts.storage.commit(batch, options);
    if (this.unwritten === carried) this.unwritten = undefined;
  }

  /**
   * Logs a durable sub-block's signed commitment, made after it (SubBlockCommitments), as an entry of its
   * own in the fleet's log (followers apply it at once); nothing on a node of its own. Rejects when the log
   * refuses it (another sequencer took over): then it must not be published.
   */
  async logCommitment(signed: SignedCommitment): Promise<void> {
    await (this.parts.log ?? LOCAL_ONLY_SEQUENCER_LOG).append({ commitment: signed });
  }

  /**
   * Writes the published commitment that has not ridden with a commit yet, in a commit of its own (before a
   * rewind, at a stop): an empty {@link commitLogged}, which carries it and notes the log's position as every
   * commit does (the commitment's own entry included).
   */
  async writeUnwrittenCommitment(): Promise<void> {
    if (this.unwritten) await this.commitLogged(new WriteBatch(), {});
  }

  /** Publishes a logged commitment ({@link publishCommitment}) whose write rides with the next commit (see {@link unwritten}). */
  publishUnwrittenCommitment(signed: SignedCommitment): SubBlockCommitmentEvent {
    this.unwritten = signed;
    return this.publishCommitment(signed);
  }

  /** After a commitment is logged (and, on a follower, written): the open block's latest sub-block gets it (views show it at once), then `subBlockCommitment`. */
  publishCommitment(signed: SignedCommitment): SubBlockCommitmentEvent {
    const open = this.tip.open;
    open.addCommitment(signed);
    const index = Number(signed.commitment.index);
    return this.announceCommitment({
      blockNumber: BigInt(open.number),
      index,
      commitment: signed,
      transactions: open.contents[index]!.records,
      view: this.tip.views.current(),
    });
  }

  private announceCommitment(event: SubBlockCommitmentEvent): SubBlockCommitmentEvent {
    this.parts.events.emit('subBlockCommitment', event);
    return event;
  }

  /** Commits a batch holding pool transactions picked for a sub-block; they are no longer in flight afterwards, whatever happened. */
  async commitSelected(batch: WriteBatch, produced: ProducedSubBlock, logged: CommitToLog, options: CommitOptions = {}): Promise<void> {
    try {
      await this.commitLogged(batch, logged, options);
    } finally {
      if (produced.executed.length > 0 || produced.failed.length > 0) this.parts.pool.releaseInFlight();
    }
  }

  /** After a sub-block is durable: publishes it, in the order readers depend on — world state, pool, the open block, a new view, the event. */
  publishSubBlock(produced: ProducedSubBlock): SubBlockEvent {
    const { chainWriter, world, pool, logger, events, clock } = this.parts;
    const { contents } = produced;
    const open = this.tip.open;
    chainWriter.remember({ transactions: contents.records });
    world.apply(contents.changes);
    for (const { source } of produced.executed) pool.remove(source.hash);
    for (const transaction of produced.failed) pool.remove(transaction.hash);
    pool.pruneStale(new Set([...produced.executed.map(({ source }) => source.sender), ...contents.changes.accounts.keys()]));
    open.append(contents);
    const view = this.tip.publish();
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
      ...(contents.commitment ? { commitment: contents.commitment } : {}),
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
    // Signed before its commit (a sub-block sealed in the same commit): its commitment is announced with it.
    if (contents.commitment)
      this.announceCommitment({ blockNumber: event.blockNumber, index: subBlock.index, commitment: contents.commitment, transactions: contents.records, view });
    return event;
  }

  /** After a seal is durable: publishes the sealed block and the empty next block (opening at `nextOpensAtMs`) in one view, then the event. */
  publishSeal(sealing: Sealing, nextOpensAtMs: number): StoredBlock {
    const { chainWriter, world, parameters, clock, logger, events } = this.parts;
    const { open, block, sealedAccounts } = sealing;
    chainWriter.remember({ block });
    world.apply(sealing.endChanges);
    world.apply(sealedAccounts);
    this.tip.moveHead(block);
    parameters.sealed(open.header, clock.now());
    this.tip.open = openBlockAfter(block, parameters, nextOpensAtMs);
    const view = this.tip.publish();
    const sealMs = performance.now() - sealing.startedAt;
    logger.debug('sealed block', { number: open.number, txs: open.transactions.length, sealMs: Math.round(sealMs) });
    events.emit('sealedBlock', { number: BigInt(open.number), hash: block.hash, transactionHashes: block.transactions, block, view, sealMs });
    return block;
  }

  /** Drops txs that no longer execute: from the fleet's log first (followers' pools drop them too), then the journal, then the pool. */
  async dropFromPool(transactions: readonly PoolTransaction[]): Promise<void> {
    await (this.parts.log ?? LOCAL_ONLY_SEQUENCER_LOG).recordDropped(transactions.map((transaction) => transaction.hash));
    const batch = new WriteBatch();
    for (const transaction of transactions) this.parts.journal.forget(batch, transaction.hash);
    await this.parts.storage.commit(batch);
    for (const transaction of transactions) this.parts.pool.remove(transaction.hash);
  }
}
