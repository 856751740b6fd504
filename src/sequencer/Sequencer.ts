import type { BlockProducer } from './BlockProducer.js';
import type { ViewSource } from './ChainViews.js';
import type { Clock } from './Clock.js';
import type { IntervalSchedule } from './IntervalSchedule.js';
import type { OpenBlock } from './OpenBlock.js';
import type { StateEdit, StateEditPort } from './StateEdit.js';

/** How often a sequencer paused by unwritable storage looks whether it may tick again. */
const PAUSED_RECHECK_MS = 100;

/** What the sequencer drives: the producer (the one writer) on a schedule, with a clock. */
export interface SequencerParts {
  producer: BlockProducer;
  schedule: IntervalSchedule;
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

/**
 * The sequencer loop. On each tick of its schedule it pre-confirms executable pool transactions
 * in a sub-block; when the block's time is up it seals it and opens the next. State edits (dev
 * methods) reach the producer through {@link editState}. Every step — tick, seal, state edit —
 * runs alone, in arrival order, so transactions and edits are pre-confirmed in one order.
 */
export class Sequencer implements StateEditPort {
  private timer: unknown;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** The tail of the step queue: each step starts when the previous one has finished. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly parts: SequencerParts) {}

  /** The block being filled (read-only; readers use {@link views}). */
  get openBlock(): OpenBlock {
    return this.parts.producer.openBlock;
  }

  /** The current chain view, replaced when a sub-block is durable and when a block is sealed. */
  get views(): ViewSource {
    return this.parts.producer.views;
  }

  start(): void {
    this.stopped = false;
    this.scheduleNextTick();
  }

  /** Stops ticking after the step in progress (if any) has committed. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.parts.clock.clearTimeout(this.timer);
    await this.running;
    await this.queue.catch(() => {});
  }

  /** Runs one tick now: a sub-block if anything is executable, then a seal if the block is due. */
  tick(): Promise<void> {
    return this.exclusive(() => this.tickNow());
  }

  editState(edit: StateEdit): Promise<void> {
    return this.exclusive(async () => {
      await this.parts.producer.applyStateEdit(edit);
    });
  }

  private async tickNow(): Promise<void> {
    const { producer, schedule, clock } = this.parts;
    const built = await producer.produceSubBlock();
    const open = producer.openBlock;
    producer.emitTick({
      blockNumber: BigInt(open.number),
      subBlockIndex: built?.index ?? null,
      timestamp: open.timestamp,
      transactionHashes: built?.transactionHashes ?? [],
      atMs: built?.preconfirmedAtMs ?? clock.now(),
    });
    const now = clock.now();
    if (schedule.isSealDue(open, now)) await producer.seal(schedule.nextBlockOpensAt(open, now));
  }

  /** Runs `step` after every step queued before it; a failed step does not stop the queue. */
  private exclusive<T>(step: () => Promise<T>): Promise<T> {
    const result = this.queue.then(step);
    this.queue = result.catch(() => {});
    return result;
  }

  private scheduleNextTick(delayMs?: number): void {
    if (this.stopped) return;
    const { schedule, clock, producer } = this.parts;
    this.timer = clock.setTimeout(() => {
      // Nothing could be made durable: look again later instead of ticking (a due seal would
      // otherwise make every delay 0).
      if (this.parts.writesPaused?.()) return this.scheduleNextTick(PAUSED_RECHECK_MS);
      this.running = this.tick()
        .catch((error) => {
          this.parts.releaseInFlight();
          this.parts.onStepFailed(error);
        })
        .finally(() => this.scheduleNextTick());
    }, delayMs ?? schedule.delayToNextTick(producer.openBlock, clock.now()));
  }
}
