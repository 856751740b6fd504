import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { StoredBlock } from '../chain/records.js';
import type { ForkPoint, ForkSource } from '../execution/fork/ForkSource.js';
import type { BlockParameters } from './BlockParameters.js';
import type { BlockProducer } from './BlockProducer.js';
import type { PreconfTickEvent, SubBlockEvent } from './ChainEvents.js';
import type { ChainPoint } from './ChainPoint.js';
import type { ViewSource } from './ChainViews.js';
import type { Clock } from './Clock.js';
import { IntervalSchedule } from './IntervalSchedule.js';
import type { MiningMode } from './MiningMode.js';
import type { OpenBlock } from './OpenBlock.js';
import type { StateEdit, StateEditPort } from './StateEdit.js';
import { StateEditGroup } from './StateEditGroup.js';

/** How often a sequencer paused by unwritable storage looks whether it may tick again. */
const PAUSED_RECHECK_MS = 100;

/** What the sequencer drives: the producer (the one writer) in a mining mode, with a clock. */
export interface SequencerParts {
  producer: BlockProducer;
  /** The mode it starts in (`--mining`). */
  mode: MiningMode;
  clock: Clock;
  /** Puts back in-flight marks after a failed step, so the pool's transactions can be picked again. */
  releaseInFlight: () => void;
  onStepFailed: (error: unknown) => void;
  /**
   * True while storage refuses writes (full or failing disk): scheduled ticks are skipped, so
   * nothing is executed that cannot be made durable, until it turns false again. Default never.
   */
  writesPaused?: () => boolean;
}

/** The chain as a parameter change sees it: the latest sealed block and the open block. */
export interface ChainTip {
  latest: StoredBlock;
  open: OpenBlock;
}

/** What evm_mine / anvil_mine ask for. */
export interface MineRequest {
  /** Blocks to mine (each seals whatever is executable then, or nothing). */
  blocks: number;
  /** Seconds the chain's clock moves forward before the first block, and between each later block and the one before it (anvil_mine's interval; BlockParameters.stepBeforeMinedBlock). */
  intervalSeconds?: bigint;
  /** Runs inside the step before the first block, e.g. to set and check evm_mine's timestamp; may throw. */
  prepare?: (parameters: BlockParameters, tip: ChainTip) => void;
}

/**
 * The sequencer: the one loop that drives the block producer. Every step — an interval tick, an
 * instant block, evm_mine, a state edit, a parameter change, a rewind — runs alone, in arrival
 * order, so transactions, edits and dev methods take effect in one order.
 *
 * The mining mode is a policy over these steps (see MiningMode): `interval` ticks on the
 * IntervalSchedule grid; `instant` makes a block whenever a submission arrives
 * ({@link afterSubmission}), and right away for state edits; `manual` only on {@link mine}.
 * Modes switch at run time between steps.
 */
export class Sequencer implements StateEditPort {
  private timer: unknown;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** The tail of the step queue: each step starts when the previous one has finished. */
  private queue: Promise<unknown> = Promise.resolve();
  private current: MiningMode;
  private schedule: IntervalSchedule | undefined;
  /** The mode miner_stop paused, which miner_start resumes. */
  private paused: MiningMode | undefined;
  /** An instant block queued but not started: submissions that arrive before it starts share it. */
  private queuedInstantBlock: Promise<void> | undefined;
  /** The queued step that state edits arriving now join (see {@link editState}), until it starts or another step is queued. */
  private gatheringEdits: StateEditGroup | undefined;
  /** Ticks announced but waiting for a sub-block's commitment, and what runs after them: later ticks wait behind them. */
  private waitingTicks = 0;
  private tickAnnouncements: Promise<void> = Promise.resolve();

  constructor(private readonly parts: SequencerParts) {
    this.current = parts.mode;
    this.schedule = parts.mode.kind === 'interval' ? new IntervalSchedule(parts.mode) : undefined;
  }

  /** The block being filled (read-only; readers use {@link views}). */
  get openBlock(): OpenBlock {
    return this.parts.producer.openBlock;
  }

  /** The current chain view, replaced when a sub-block is durable, when a block is sealed, and on a rewind. */
  get views(): ViewSource {
    return this.parts.producer.views;
  }

  get mode(): MiningMode {
    return this.current;
  }

  start(): void {
    this.stopped = false;
    // A durable sub-block without its commitment (a kill -9 right after its commit, a takeover) gets it now.
    this.parts.producer.commitments.schedule();
    this.scheduleNextTick();
    // Transactions restored from the journal are mined at once in instant mode.
    if (this.current.kind === 'instant') void this.afterSubmission();
  }

  /** Stops mining after the step in progress (if any) has committed. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.parts.clock.clearTimeout(this.timer);
    await this.running;
    await this.queue.catch(() => {});
    // The latest sub-block's commitment is written before this node stops producing (unless it cannot be).
    await this.parts.producer.commitments.settleWritten().catch(() => {});
  }

  /** Runs one interval tick now: a sub-block if anything is executable, then a seal if the block is due. */
  tick(): Promise<void> {
    return this.exclusive(() => this.tickNow());
  }

  /**
   * Called after a transaction entered the pool. In instant mode it mines every executable pool
   * transaction into blocks and resolves once they are sealed; submissions that arrive while an
   * earlier block is being made share the next one. In the other modes it resolves at once. It
   * never rejects: a failed step is reported to `onStepFailed` and the submission stands.
   */
  afterSubmission(): Promise<void> {
    if (this.current.kind !== 'instant' || this.stopped) return Promise.resolve();
    if (this.queuedInstantBlock) return this.queuedInstantBlock;
    const step = this.exclusive(async () => {
      // The rest of this event-loop turn first (a JSON-RPC batch is admitted call by call), so
      // submissions that arrive together share the block.
      await yieldToEventLoop();
      this.queuedInstantBlock = undefined;
      if (this.current.kind === 'instant') await this.mineExecutable();
    }).catch((error) => this.stepFailed(error));
    this.queuedInstantBlock = step;
    return step;
  }

  /**
   * Runs `work` between steps: after every step queued before it, before any queued after it, so
   * no block is being made (and no commit holding pool transactions is under way) while it runs.
   * Its outcome is the caller's (unlike {@link afterSubmission}, it may reject).
   */
  between<T>(work: () => Promise<T>): Promise<T> {
    return this.exclusive(work);
  }

  /**
   * Applies a state edit (StateEditPort): resolves once it is durable and visible. Edits that arrive
   * while their step waits its turn (and before any other step is queued after it) share it: one
   * sub-block, one commit (StateEditGroup.ts).
   */
  editState(edit: StateEdit): Promise<void> {
    return (this.gatheringEdits ?? this.gatherEdits()).add(edit);
  }

  /** Queues a step for the state edits that arrive from now until it starts (or another step is queued). */
  private gatherEdits(): StateEditGroup {
    const group = new StateEditGroup();
    this.exclusive(async () => {
      // The rest of this event-loop turn first, so edits sent together (concurrent requests) share the step.
      await yieldToEventLoop();
      if (this.gatheringEdits === group) this.gatheringEdits = undefined;
      const { producer, clock } = this.parts;
      if (this.current.kind !== 'interval') producer.restamp(clock.now());
      // Instant mode: "latest" includes every change as soon as it is made (its sub-block and seal in one commit).
      const refused =
        this.current.kind === 'instant' ? await producer.applyStateEditsAndSeal(group.edits, clock.now()) : await producer.applyStateEdits(group.edits);
      group.settle(refused);
    }).catch((error: unknown) => group.fail(error));
    // After exclusive(), which ends any earlier group's gathering.
    this.gatheringEdits = group;
    return group;
  }

  /**
   * evm_mine / anvil_mine, in any mode: seals `blocks` blocks now, each with whatever is
   * executable in the pool (the open block's pre-confirmed sub-blocks go into the first).
   * Returns the sealed blocks.
   */
  mine(request: MineRequest): Promise<StoredBlock[]> {
    return this.exclusive(async () => {
      const { producer, clock } = this.parts;
      request.prepare?.(producer.parameters, this.tip());
      const sealed: StoredBlock[] = [];
      for (let count = 0; count < request.blocks; count++) {
        if (request.intervalSeconds !== undefined) producer.parameters.stepBeforeMinedBlock(sealed.at(-1), request.intervalSeconds);
        producer.restamp(clock.now());
        const produced = await producer.produceBlock(clock.now());
        if (!produced && producer.sealsEmptyBlocksTogether) {
          // Nothing to execute: this block and the rest are empty, sealed together in one commit.
          for (const block of await producer.sealEmptyBlocks({ count: request.blocks - count, intervalSeconds: request.intervalSeconds })) sealed.push(block);
          break;
        }
        this.announceTick(produced?.subBlock);
        sealed.push(produced?.block ?? (await producer.seal(clock.now())));
      }
      this.scheduleNextTick();
      return sealed;
    });
  }

  /** Switches the mining mode (evm_setAutomine, evm_setIntervalMining); resolves once in effect. */
  setMode(mode: MiningMode): Promise<void> {
    return this.exclusive(async () => {
      this.paused = undefined;
      await this.enter(mode);
    });
  }

  /** miner_stop: pauses automatic mining (the mode becomes manual until {@link resume}). */
  pause(): Promise<void> {
    return this.exclusive(async () => {
      if (this.current.kind === 'manual') return;
      this.paused = this.current;
      await this.enter({ kind: 'manual' });
    });
  }

  /** miner_start: resumes the mode {@link pause} stopped (nothing when not paused). */
  resume(): Promise<void> {
    return this.exclusive(async () => {
      const paused = this.paused;
      this.paused = undefined;
      if (paused) await this.enter(paused);
    });
  }

  /**
   * Changes block parameters between steps (time, next timestamp, base fee, gas limit, coinbase),
   * then stamps the open block again if it holds no sub-block yet, so the change applies to it;
   * otherwise it applies from the next block. `change` may throw to refuse (nothing changes then).
   */
  adjust<T>(change: (parameters: BlockParameters, tip: ChainTip) => T): Promise<T> {
    return this.exclusive(async () => {
      const { producer, clock } = this.parts;
      const result = change(producer.parameters, this.tip());
      const open = producer.openBlock;
      // Interval mining keeps the block's place on its grid; the others stamp it with the time now.
      producer.restamp(this.current.kind === 'interval' ? open.openedAtMs : clock.now());
      return result;
    });
  }

  /** Where the chain stands now, to rewind to later (evm_snapshot). */
  point(): Promise<ChainPoint> {
    return this.exclusive(async () => this.parts.producer.point());
  }

  /**
   * Rewinds the chain to `point` (evm_revert, anvil_rollback; anvil_reset with `reset` and
   * `clearPool`), durably; false when the point's block is no longer in the chain.
   */
  rewind(point: ChainPoint, options: { reset?: boolean; clearPool?: boolean } = {}): Promise<boolean> {
    return this.exclusive(async () => {
      const rewound = await this.parts.producer.rewind(point, options);
      this.scheduleNextTick();
      return rewound;
    });
  }

  /** Starts the chain again on the fork `next` (anvil_reset with `forking`), between steps; see BlockProducer.refork. */
  refork(fork: ForkSource, next: ForkPoint, allocations: Array<{ address: string; balance: bigint }>): Promise<void> {
    return this.exclusive(async () => {
      await this.parts.producer.refork(fork, next, allocations);
      this.scheduleNextTick();
    });
  }

  /** The chain tip, as parameter changes check against it. */
  private tip(): ChainTip {
    const { producer } = this.parts;
    return { latest: producer.latest, open: producer.openBlock };
  }

  private async enter(mode: MiningMode): Promise<void> {
    const { producer, clock } = this.parts;
    this.current = mode;
    this.schedule = mode.kind === 'interval' ? new IntervalSchedule(mode) : undefined;
    this.parts.clock.clearTimeout(this.timer);
    this.timer = undefined;
    producer.emitMiningMode(mode);
    if (mode.kind === 'interval') {
      // An empty block starts its grid now rather than at some long-past opening.
      producer.restamp(clock.now());
      this.scheduleNextTick();
    } else if (mode.kind === 'instant') {
      // Everything pre-confirmed so far is sealed, then whatever the pool can execute.
      if (!producer.openBlock.isEmpty) await producer.seal(clock.now());
      await this.mineExecutable();
    }
  }

  /** Instant mining: blocks of the pool's executable transactions until none is left (or none fits). */
  private async mineExecutable(): Promise<void> {
    const { producer, clock } = this.parts;
    while (producer.hasPoolTransactions) {
      producer.restamp(clock.now());
      const produced = await producer.produceBlock(clock.now());
      if (!produced) return;
      this.announceTick(produced.subBlock);
    }
  }

  private async tickNow(): Promise<void> {
    const { producer, clock } = this.parts;
    const built = await producer.produceSubBlock();
    this.announceTick(built);
    const schedule = this.schedule;
    const now = clock.now();
    if (!schedule?.isSealDue(producer.openBlock, now)) return;
    // The tick is announced before the block it is in is sealed (with its commitment, which the seal waits for anyway).
    await this.tickAnnouncements;
    await producer.seal(schedule.nextBlockOpensAt(producer.openBlock, now));
  }

  /**
   * The heartbeat: one per tick or mined sub-block, empty or not (after a seal, about the sealed block's
   * sub-block). A tick that built a sub-block on a node that signs is announced with its signed commitment,
   * so once the commitment is made (right after the sub-block, off the tick); the ticks after it wait
   * behind it, so they keep their order.
   */
  private announceTick(built: SubBlockEvent | undefined): void {
    const { producer, clock } = this.parts;
    const open = producer.openBlock;
    const tick: PreconfTickEvent = {
      blockNumber: built?.blockNumber ?? BigInt(open.number),
      subBlockIndex: built?.index ?? null,
      timestamp: built?.timestamp ?? open.timestamp,
      transactionHashes: built?.transactionHashes ?? [],
      ...(built?.commitment ? { commitment: built.commitment } : {}),
      atMs: built?.preconfirmedAtMs ?? clock.now(),
    };
    const waitsForCommitment = built !== undefined && !built.commitment && producer.commitments.signs;
    if (!waitsForCommitment && this.waitingTicks === 0) {
      producer.emitTick(tick);
      return;
    }
    this.waitingTicks++;
    this.tickAnnouncements = this.tickAnnouncements.then(async () => {
      if (waitsForCommitment) {
        // A commitment that cannot be made (its write failed) leaves the heartbeat without it rather than stopped.
        await producer.commitments.settle().catch(() => {});
        const commitment = producer.views.current().commitments(Number(tick.blockNumber))[tick.subBlockIndex!];
        if (commitment) tick.commitment = commitment;
      }
      this.waitingTicks--;
      producer.emitTick(tick);
    });
  }

  /** Runs `step` after every step queued before it; a failed step does not stop the queue. */
  private exclusive<T>(step: () => Promise<T>): Promise<T> {
    // A state edit arriving from now on must not join a step queued before this one.
    this.gatheringEdits = undefined;
    const result = this.queue.then(step);
    this.queue = result.catch(() => {});
    return result;
  }

  private stepFailed(error: unknown): void {
    this.parts.releaseInFlight();
    this.parts.onStepFailed(error);
  }

  private scheduleNextTick(delayMs?: number): void {
    const { clock, producer } = this.parts;
    clock.clearTimeout(this.timer);
    this.timer = undefined;
    const schedule = this.schedule;
    if (this.stopped || !schedule) return;
    this.timer = clock.setTimeout(() => {
      this.timer = undefined;
      // Nothing could be made durable: look again later instead of ticking (a due seal would
      // otherwise make every delay 0).
      if (this.parts.writesPaused?.()) return this.scheduleNextTick(PAUSED_RECHECK_MS);
      this.running = this.tick()
        .catch((error) => this.stepFailed(error))
        .finally(() => this.scheduleNextTick());
    }, delayMs ?? schedule.delayToNextTick(producer.openBlock, clock.now()));
  }
}
