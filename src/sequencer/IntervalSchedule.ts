import type { OpenBlock } from './OpenBlock.js';

/** Timing of interval mining: a sub-block slot every `preconfIntervalMs`, a seal every `blockTimeMs`. */
export interface IntervalSettings {
  preconfIntervalMs: number;
  blockTimeMs: number;
}

/**
 * When interval mining ticks and seals. Ticks follow a fixed grid from the block's opening time,
 * so intervals do not drift; a block is sealed once its time is up, and the next one opens on
 * the grid — or, after a long stall (or downtime), the grid restarts now.
 */
export class IntervalSchedule {
  constructor(private readonly settings: IntervalSettings) {}

  /**
   * Milliseconds until the next tick: the next slot on the grid, never before the block has
   * opened, nor before its timestamp's second has begun when that is less than a block time away
   * (so an interval block does not run ahead of the wall clock; a chain further ahead, after
   * instant mining or a time jump, catches up instead of stalling).
   */
  delayToNextTick(open: OpenBlock, now: number): number {
    const { preconfIntervalMs, blockTimeMs } = this.settings;
    const elapsed = now - open.openedAtMs;
    const nextSlot = Math.max(1, Math.min(Math.floor(elapsed / preconfIntervalMs) + 1, blockTimeMs / preconfIntervalMs));
    const onGrid = Math.max(0, open.openedAtMs + nextSlot * preconfIntervalMs - now);
    const untilSecond = open.notBeforeMs - now;
    return untilSecond > onGrid && untilSecond <= blockTimeMs ? untilSecond : onGrid;
  }

  /** True when the open block's time is up. */
  isSealDue(open: OpenBlock, now: number): boolean {
    return now >= open.openedAtMs + this.settings.blockTimeMs;
  }

  /** When the block after `open` opens: on the grid, or now after a stall of a whole block time. */
  nextBlockOpensAt(open: OpenBlock, now: number): number {
    const onGrid = open.openedAtMs + this.settings.blockTimeMs;
    return now - onGrid >= this.settings.blockTimeMs ? now : onGrid;
  }
}
