import { Hardfork } from '@ethereumjs/common';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { StoredBlock } from '../chain/records.js';
import { applyStateChanges } from '../execution/applyStateChanges.js';
import type { BlockRun } from '../execution/block/BlockRun.js';
import type { ForkPoint, ForkSource } from '../execution/fork/ForkSource.js';
import { LayeredStateReader } from '../execution/LayeredStateReader.js';
import { OverlayStateReader } from '../execution/OverlayStateReader.js';
import { depositOf } from '../execution/opStack/DepositTransaction.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import { ScratchTrieNodes } from '../execution/ScratchTrieNodes.js';
import { emptyStateChanges, isEmptyStateChanges, mergeStateChanges } from '../execution/StateChanges.js';
import { hexToBytes } from '../primitives/hex.js';
import { WriteBatch } from '../storage/Storage.js';
import { toPoolDeposit, toPoolTransaction } from '../txpool/decodeRawTransaction.js';
import type { PoolTransaction } from '../txpool/PoolTransaction.js';
import type { BlockParameters } from './BlockParameters.js';
import { ChainCommits, type CommitToLog, type ProducedSubBlock } from './ChainCommits.js';
import type { PreconfTickEvent, SubBlockEvent } from './ChainEvents.js';
import type { ChainPoint } from './ChainPoint.js';
import { ChainRewinds } from './ChainRewinds.js';
import { ChainTip } from './ChainTip.js';
import type { ChainViews } from './ChainViews.js';
import { type ExecutedPoolTransaction, executeFromPool } from './executeFromPool.js';
import { LoggedCommitApplier } from './LoggedCommitApplier.js';
import type { MiningMode } from './MiningMode.js';
import type { OpenBlock } from './OpenBlock.js';
import { restampedOpenBlock } from './openBlockAfter.js';
import { openBlockRun } from './openBlockRun.js';
import type { BlockProducerParts } from './ProducerParts.js';
import type { LoggedCommit } from './SequencerLog.js';
import type { StateEdit } from './StateEdit.js';
import { applyStateEditsInTurn, type RefusedEdits } from './StateEditGroup.js';
import { SubBlockCommitments } from './SubBlockCommitments.js';
import { type KnownRoots, SubBlockCommitter } from './SubBlockCommitter.js';
import { type EmptyBlocksRequest, sealEmptyBlocks } from './sealEmptyBlocks.js';
import { sealOpenBlock } from './sealOpenBlock.js';
import { subBlockContents } from './subBlockContents.js';

export type { BlockProducerParts } from './ProducerParts.js';

/**
 * The one writer of chain and state. It turns pool transactions and state edits into durable
 * sub-blocks of the open block, and seals the open block into a block. Every step follows the
 * same order (ChainCommits): execute on the pending state, commit to storage in one batch, then
 * publish — the world state and pool first, then a new view (the atomic step every read sees),
 * then the event. Nobody can observe a state that a crash could take back.
 *
 * Its jobs, one file each, over one {@link ChainTip} (where the chain stands):
 *   producing and sealing ............ here (each block through the block lifecycle, openBlockRun.ts)
 *   rewinds and re-forks ............. ChainRewinds
 *   applying the fleet's log ......... LoggedCommitApplier (a follower)
 *   sub-blocks' signed commitments ... SubBlockCommitments (right after each sub-block, off the tick)
 *
 * Not reentrant: the {@link Sequencer} runs one step at a time.
 */
export class BlockProducer {
  private readonly tip: ChainTip;
  private readonly commits: ChainCommits;
  private readonly rewinds: ChainRewinds;
  private readonly follower: LoggedCommitApplier;
  private readonly committer: SubBlockCommitter;
  /**
   * The signed commitments of its durable sub-blocks, each made right after its sub-block, off the tick:
   * every step here that adds a sub-block, seals or rewinds first waits for them (`settle`); the sequencer
   * asks for any one missing when it starts producing (`schedule`: a restart, a takeover).
   */
  readonly commitments: SubBlockCommitments;

  constructor(
    private readonly parts: BlockProducerParts,
    openBlock: OpenBlock,
  ) {
    this.tip = new ChainTip(parts.storage, parts.chain, openBlock);
    this.commits = new ChainCommits(parts, this.tip);
    this.rewinds = new ChainRewinds(parts, this.tip);
    this.follower = new LoggedCommitApplier(parts, this.tip, this.commits);
    this.committer = new SubBlockCommitter(parts, parts.signer);
    this.commitments = new SubBlockCommitments(parts, this.tip, this.commits, this.committer);
  }

  /** The views every read answers from. */
  get views(): ChainViews {
    return this.tip.views;
  }

  /** The block being filled (read-only; readers use {@link views}). */
  get openBlock(): OpenBlock {
    return this.tip.open;
  }

  /** The latest sealed block. */
  get latest(): StoredBlock {
    return this.tip.head;
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
    await this.commitments.settle();
    const produced = await this.executeFromPool();
    if (!produced) return undefined;
    const batch = new WriteBatch();
    this.commits.writeSubBlock(batch, produced);
    await this.commits.commitSelected(batch, produced, { subBlock: produced.contents, dropped: produced.failed });
    const event = this.commits.publishSubBlock(produced);
    this.commitments.schedule(); // its commitment right after, off the tick
    return event;
  }

  /**
   * Instant mining's step: executes executable pool transactions into a sub-block and seals the
   * block at once, the sub-block and the block in one commit; publishes the sub-block, then the
   * block (both events, as in interval mining), and opens the next block at `nextOpensAtMs`.
   * Returns undefined when nothing was executable.
   */
  async produceBlock(nextOpensAtMs: number): Promise<SealedSubBlock | undefined> {
    await this.commitments.settle();
    const produced = await this.executeFromPool();
    if (!produced) return undefined;
    // Its caller waits for this block alone: committed on this thread, without the write thread's hand-offs.
    return this.produceAndSeal(produced, nextOpensAtMs, (batch, logged) => this.commits.commitSelected(batch, produced, logged, { onThisThread: true }));
  }

  /**
   * Applies state edits that arrived together in one sub-block of their own, in order, and publishes
   * it; returns the edits that threw (undone alone, see StateEditGroup.ts). Nothing is committed when
   * every edit threw.
   */
  async applyStateEdits(edits: readonly StateEdit[]): Promise<RefusedEdits> {
    await this.commitments.settle();
    const { produced, refused } = await this.executeStateEdits(edits);
    if (!produced) return refused;
    const batch = new WriteBatch();
    this.commits.writeSubBlock(batch, produced);
    await this.commits.commitLogged(batch, { subBlock: produced.contents });
    const event = this.commits.publishSubBlock(produced);
    this.commitments.schedule();
    this.logStateEdits(edits, refused, event);
    return refused;
  }

  /**
   * Instant mining's state edits: applies them in one sub-block of their own and seals the block at
   * once, the sub-block and the block in one commit (as {@link produceBlock}), so "pending" and
   * "latest" show them together; opens the next block at `nextOpensAtMs`. Returns the edits that threw.
   */
  async applyStateEditsAndSeal(edits: readonly StateEdit[], nextOpensAtMs: number): Promise<RefusedEdits> {
    await this.commitments.settle();
    const { produced, refused } = await this.executeStateEdits(edits);
    if (!produced) return refused;
    // Its callers wait for these edits alone: committed on this thread, as an instant-mined block.
    const sealed = await this.produceAndSeal(produced, nextOpensAtMs, (batch, logged) => this.commits.commitLogged(batch, logged, { onThisThread: true }));
    this.logStateEdits(edits, refused, sealed.subBlock);
    return refused;
  }

  /**
   * Seals the open block (block end, roots, header, one atomic commit), publishes it, and opens the
   * next block at wall-clock `nextOpensAtMs` (on the interval grid, or now), stamped by the parameters.
   */
  async seal(nextOpensAtMs: number): Promise<StoredBlock> {
    // A sealed block has every commitment: its header's roots are its last one's.
    await this.commitments.settle();
    // A block that opens with transactions of its own (an OP Stack chain's L1-attributes deposit) gets
    // them even when nothing else came: a sub-block of them and the seal, in one commit.
    if (this.tip.open.isEmpty && this.parts.opening !== undefined) {
      const sealed = await this.sealWithOpening(nextOpensAtMs);
      if (sealed) return sealed;
    }
    const sealing = await sealOpenBlock(this.parts, this.tip.open, this.parts.world);
    const batch = new WriteBatch();
    this.commits.writeSeal(batch, sealing);
    await this.commits.commitLogged(batch, { seal: { sealing, nextOpensAtMs } });
    return this.commits.publishSeal(sealing, nextOpensAtMs);
  }

  /**
   * True when the open block and the blocks after it can be sealed empty in one commit
   * ({@link sealEmptyBlocks}): the open block holds no sub-block, blocks open with nothing of their own
   * (not an OP Stack chain), and no fleet's log waits for a seal at a time.
   */
  get sealsEmptyBlocksTogether(): boolean {
    return this.tip.open.isEmpty && this.parts.opening === undefined && this.parts.log === undefined;
  }

  /** Seals the (empty) open block and `count - 1` empty blocks after it in one commit; see sealEmptyBlocks.ts. */
  sealEmptyBlocks(request: EmptyBlocksRequest): Promise<StoredBlock[]> {
    if (!this.sealsEmptyBlocksTogether) throw new Error('sealEmptyBlocks needs an empty open block on a chain without a fleet log or block openings');
    return sealEmptyBlocks(this.parts, this.tip, this.commits, request, (tick) => this.emitTick(tick));
  }

  /** Applies one commit the fleet's sequencer logged (a follower); see {@link LoggedCommitApplier.apply}. */
  applyLogged(commit: LoggedCommit): Promise<void> {
    return this.follower.apply(commit);
  }

  /**
   * Stamps the open block again from the current parameters, opened at `openedAtMs`, if no
   * sub-block is committed yet (nothing durable refers to it), and publishes it; returns false
   * when it already holds sub-blocks. Instant and manual mining call it before filling a block,
   * so the block carries the time it is made at; dev methods after changing a parameter.
   */
  restamp(openedAtMs: number): boolean {
    if (!this.tip.open.isEmpty) return false;
    this.tip.open = restampedOpenBlock(this.tip.open, this.tip.head, this.parts.parameters, openedAtMs);
    this.tip.publish();
    return true;
  }

  /** Where the chain stands now: the latest block and the open block's committed sub-blocks. */
  point(): ChainPoint {
    const { head, open } = this.tip;
    return { head, open: open.isEmpty ? undefined : { header: open.header, contents: open.contents.slice() } };
  }

  /** Rewinds the chain to `point` (evm_revert, anvil_rollback, anvil_reset); see {@link ChainRewinds.rewind}. */
  async rewind(point: ChainPoint, options: { reset?: boolean; clearPool?: boolean } = {}): Promise<boolean> {
    await this.commitments.settleWritten();
    return this.rewinds.rewind(point, options);
  }

  /** Starts the chain again on the fork `next` (anvil_reset with `forking`); see {@link ChainRewinds.refork}. */
  async refork(fork: ForkSource, next: ForkPoint, allocations: Array<{ address: string; balance: bigint }>): Promise<void> {
    await this.commitments.settleWritten();
    return this.rewinds.refork(fork, next, allocations);
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
    const { pool, execution, logger } = this.parts;
    if (pool.size === 0) return undefined;
    const open = this.tip.open;
    const { run, opening } = await this.startSubBlock();
    const startedAt = performance.now();
    // Waiting deposits (OP Stack) run first, right after what the block opens with: in the next
    // sub-block while the block holds deposits only, else in the next block's first sub-block.
    const deposits = open.holdsOnlyDeposits ? await executeDeposits(pool.waitingDeposits(), run) : [];
    const { executed, failed } = await executeFromPool({ pool, run, logger });
    if (executed.length === 0 && deposits.length === 0) {
      pool.releaseInFlight();
      if (failed.length > 0) await this.commits.dropFromPool(failed);
      return undefined;
    }
    const included = [...opening, ...deposits, ...executed];
    const contents = subBlockContents({ open, executed: included, changes: execution.state.takeChanges(), gasUsed: run.fold.gasUsed });
    return { contents, executed: included, failed, startedAt };
  }

  /**
   * Seals the open block, still without a sub-block, with only what it opens with: one sub-block of those
   * transactions and the seal in one commit (as instant mining's {@link produceBlock}). Undefined when
   * the block opens with nothing.
   */
  private async sealWithOpening(nextOpensAtMs: number): Promise<StoredBlock | undefined> {
    const { execution, world } = this.parts;
    const open = this.tip.open;
    const startedAt = performance.now();
    const { run, opening } = await this.startSubBlock();
    if (opening.length === 0) {
      execution.state.reset(world);
      return undefined;
    }
    const contents = subBlockContents({ open, executed: opening, changes: execution.state.takeChanges(), gasUsed: run.fold.gasUsed });
    const produced: ProducedSubBlock = { contents, executed: opening, failed: [], startedAt };
    const { block } = await this.produceAndSeal(produced, nextOpensAtMs, (batch, logged) => this.commits.commitLogged(batch, logged));
    return block;
  }

  /**
   * Writes `produced` as the open block's last sub-block and seals the block, both in one commit
   * (`commit`, which appends them to the fleet's log as one entry); publishes the sub-block, then
   * the block, and opens the next block at `nextOpensAtMs`.
   */
  private async produceAndSeal(produced: ProducedSubBlock, nextOpensAtMs: number, commit: (batch: WriteBatch, logged: CommitToLog) => Promise<void>) {
    const { world } = this.parts;
    const open = this.tip.open;
    const { contents } = produced;
    // With no sub-block of its own committed yet, the pending state is still the parent's: read from memory.
    const parentState = open.isEmpty ? world : undefined;
    const sealing = await sealOpenBlock(this.parts, open.withAppended(contents), new LayeredStateReader(world, [contents.changes]), parentState);
    // The roots after this last sub-block are the block's, not computed twice: its transactions and receipts
    // roots (the block end adds no transaction), and unless the block end wrote state its state root.
    const { block } = sealing;
    const known: KnownRoots = {
      stateRoot: isEmptyStateChanges(sealing.endChanges) ? hexToBytes(block.stateRoot) : undefined,
      tries: { transactionsRoot: hexToBytes(block.transactionsRoot), receiptsRoot: hexToBytes(block.receiptsRoot) },
    };
    const write = async () => {
      const batch = new WriteBatch();
      // The sub-block record is left out: the seal would delete it in the same commit.
      this.commits.writeSubBlock(batch, produced, { record: false });
      this.commits.writeSeal(batch, sealing);
      await commit(batch, { subBlock: contents, dropped: produced.failed, seal: { sealing, nextOpensAtMs } });
    };
    await this.committer.commitSigned(this.tip.open, produced.contents, write, known);
    return { subBlock: this.commits.publishSubBlock(produced), block: this.commits.publishSeal(sealing, nextOpensAtMs) };
  }

  /**
   * Runs state edits on the pending state, in order, into the next sub-block's contents (not yet
   * written): none when every edit threw. An edit that throws is undone alone and reported in `refused`.
   */
  private async executeStateEdits(edits: readonly StateEdit[]): Promise<{ produced?: ProducedSubBlock; refused: RefusedEdits }> {
    const { execution, world } = this.parts;
    const startedAt = performance.now();
    const open = this.tip.open;
    let started: StartedSubBlock;
    let refused: RefusedEdits;
    try {
      started = await this.startSubBlock();
      refused = await applyStateEditsInTurn(edits, execution.state);
    } catch (error) {
      execution.state.reset(world);
      throw error;
    }
    if (refused.size === edits.length) {
      execution.state.reset(world);
      return { refused };
    }
    const { run, opening } = started;
    const changes = execution.state.takeChanges();
    const stateEdits = edits.filter((_, index) => !refused.has(index)).map((edit) => edit.description);
    const contents = subBlockContents({ open, executed: opening, changes, gasUsed: run.fold.gasUsed, stateEdits });
    return { produced: { contents, executed: opening, failed: [], startedAt }, refused };
  }

  private logStateEdits(edits: readonly StateEdit[], refused: RefusedEdits, event: SubBlockEvent): void {
    for (const [index, edit] of edits.entries()) {
      if (!refused.has(index)) this.parts.logger.info('state edit pre-confirmed', { edit: edit.description, block: event.blockNumber, subBlock: event.index });
    }
  }

  /**
   * Retargets the execution state at the pending state for the open block's next sub-block and starts
   * its part of the block lifecycle: for the block's first sub-block, the block start and the
   * transactions the block opens with (an OP Stack chain's L1-attributes deposit), applied here.
   */
  private async startSubBlock(): Promise<StartedSubBlock> {
    const { execution, world, storage, trieNodes } = this.parts;
    execution.state.reset(world);
    const open = this.tip.open;
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
    const { run, opening } = await openBlockRun(this.parts, open);
    const applied: ExecutedPoolTransaction[] = [];
    for (const transaction of opening) {
      const { executed, folded } = await run.applyTransaction(transaction);
      applied.push({ result: executed, source: toIncluded(transaction), receipt: folded.receipt });
    }
    return { run, opening: applied };
  }
}

/** A sub-block and the block it was sealed into at once (instant mining). */
export interface SealedSubBlock {
  subBlock: SubBlockEvent;
  block: StoredBlock;
}

/** A sub-block's lifecycle, started, with the transactions its block opened with already applied. */
interface StartedSubBlock {
  run: BlockRun;
  opening: ExecutedPoolTransaction[];
}

/** Runs waiting deposits as the block's next transactions (a deposit is always included, failed or not). */
async function executeDeposits(deposits: readonly PoolTransaction[], run: BlockRun): Promise<ExecutedPoolTransaction[]> {
  const executed: ExecutedPoolTransaction[] = [];
  for (const source of deposits) {
    if (source.gasLimit > run.block.header.gasLimit - run.fold.gasUsed) break;
    const applied = await run.applyTransaction(source.transaction, { raw: source.raw });
    executed.push({ result: applied.executed, source, receipt: applied.folded.receipt });
  }
  return executed;
}

/** A transaction the block itself opens with, in the form a sub-block records (it was never in the pool). */
function toIncluded(transaction: TypedTransaction): PoolTransaction {
  const deposit = depositOf(transaction);
  return deposit
    ? toPoolDeposit(deposit)
    : toPoolTransaction(transaction, transaction.serialize(), Buffer.from(transaction.getSenderAddress().bytes).toString('hex'));
}
