import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Clock } from '../sequencer/Clock.js';

/** A second-aligned instant (2023-11-14T22:13:20Z), so block timestamps are easy to reason about. */
export const DEFAULT_START_MS = 1_700_000_000_000;

/** Most timers one advance() may fire: a callback rescheduling itself with no delay would loop forever. */
const MAX_FIRINGS = 100_000;

interface Timer {
  id: number;
  dueAt: number;
  /** Registration order, so timers due at the same instant fire in the order they were set. */
  sequence: number;
  callback: () => void;
}

/** Options of {@link ManualClock}. */
export interface ManualClockOptions {
  /** The initial time in ms since the epoch. Default {@link DEFAULT_START_MS}. */
  startMs?: number;
  /**
   * Set when every timer callback is one step of a loop that ends by scheduling its successor,
   * as the sequencer's does (tick → execute → commit → seal → schedule the next tick). After
   * firing a timer, advance() then waits until the successor is scheduled, so the step's
   * asynchronous work has finished when advance() moves on. Default false: advance() only lets
   * pending promise callbacks and I/O run for one event-loop turn after each timer.
   */
  awaitReschedule?: boolean;
}

/**
 * A {@link Clock} that moves only when told to, for deterministic sequencer tests.
 *
 * `await clock.advance(ms)` fires every timer falling due within the next `ms` milliseconds, in
 * due-time order (registration order on ties), setting `now()` to each timer's due time before
 * firing it, and ends with `now()` at the target time. Timers scheduled by a fired callback fire
 * in the same advance() when they fall due within the window. No real time passes.
 */
export class ManualClock implements Clock {
  private current: number;
  private readonly timers = new Map<number, Timer>();
  private nextId = 1;
  private scheduled = 0;
  private readonly awaitReschedule: boolean;
  private onSchedule: (() => void) | undefined;
  /**
   * What a fired step leaves to later turns of the event loop, which the real time between two timers
   * would give it (the sequencer's sub-block commitments, made right after each sub-block): awaited after
   * each firing, so advance() returns with it done. Default nothing.
   */
  afterFiring: () => Promise<void> = async () => {};

  constructor(options: ManualClockOptions = {}) {
    this.current = options.startMs ?? DEFAULT_START_MS;
    this.awaitReschedule = options.awaitReschedule ?? false;
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, delayMs: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { id, dueAt: this.current + Math.max(0, delayMs), sequence: this.scheduled++, callback });
    this.onSchedule?.();
    return id;
  }

  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.timers.delete(handle);
  }

  /** How many timers are waiting to fire. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Milliseconds until the earliest timer is due (0 when one is due now), or undefined when none is set. */
  msUntilNextTimer(): number | undefined {
    const next = this.earliest(Number.POSITIVE_INFINITY);
    return next === undefined ? undefined : Math.max(0, next.dueAt - this.current);
  }

  /** Moves time forward by `ms`, firing (and awaiting, see {@link ManualClockOptions}) every timer due meanwhile. */
  async advance(ms: number): Promise<void> {
    if (!(ms >= 0)) throw new RangeError(`cannot advance by ${ms} ms`);
    const target = this.current + ms;
    for (let firings = 0; ; firings++) {
      if (firings >= MAX_FIRINGS) throw new Error(`more than ${MAX_FIRINGS} timers fired in one advance(); a callback reschedules itself without delay`);
      const timer = this.earliest(target);
      if (!timer) break;
      this.timers.delete(timer.id);
      if (timer.dueAt > this.current) this.current = timer.dueAt;
      await this.fire(timer);
      await this.afterFiring();
    }
    this.current = target;
  }

  private async fire(timer: Timer): Promise<void> {
    if (!this.awaitReschedule) {
      timer.callback();
      await yieldToEventLoop();
      return;
    }
    const scheduledBefore = this.scheduled;
    const rescheduled = new Promise<void>((resolve) => {
      this.onSchedule = () => {
        if (this.scheduled > scheduledBefore) resolve();
      };
    });
    try {
      timer.callback();
      await rescheduled;
    } finally {
      this.onSchedule = undefined;
    }
  }

  private earliest(notAfter: number): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of this.timers.values()) {
      if (timer.dueAt > notAfter) continue;
      if (!best || timer.dueAt < best.dueAt || (timer.dueAt === best.dueAt && timer.sequence < best.sequence)) best = timer;
    }
    return best;
  }
}
