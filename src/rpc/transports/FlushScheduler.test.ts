import { describe, expect, it } from 'vitest';
import { FLUSH_SLICE_MS, type Flushable, FlushScheduler, WRITE_SHARE, WRITE_WINDOW_MS } from './FlushScheduler.js';

/** A target with `units` of work of ~0.2 ms each, recording when it worked. */
function busyTarget(units: number, log: string[], name: string): Flushable & { left: () => number } {
  let left = units;
  return {
    left: () => left,
    flush(deadline) {
      while (left > 0) {
        if (performance.now() >= deadline) return 'more';
        const until = performance.now() + 0.2;
        while (performance.now() < until) {}
        left--;
        log.push(name);
      }
      return 'done';
    },
  };
}

describe('FlushScheduler', () => {
  it('writes nothing inside the code that marks a target: only after it returns', async () => {
    const scheduler = new FlushScheduler();
    const log: string[] = [];
    scheduler.mark(busyTarget(1, log, 'a'));
    expect(log).toEqual([]);
    // Written on a later turn: the first, unless this process was descheduled past the slice's 4 ms
    // deadline (a loaded CI run), in which case the target asks for another turn.
    await expect.poll(() => log, { interval: 1 }).toEqual(['a']);
  });

  it('works in slices: a timer due meanwhile fires long before a large backlog is written', async () => {
    const scheduler = new FlushScheduler();
    const log: string[] = [];
    // ~200 ms of work for two targets.
    const targets = [busyTarget(500, log, 'a'), busyTarget(500, log, 'b')];
    for (const target of targets) scheduler.mark(target);
    const startedAt = performance.now();
    const timerFiredAt = await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - startedAt), 1));
    expect(timerFiredAt).toBeLessThan(FLUSH_SLICE_MS * 25);
    expect(targets.some((target) => target.left() > 0)).toBe(true);
    while (targets.some((target) => target.left() > 0)) await new Promise((resolve) => setTimeout(resolve, 5));
    // Both advanced in turns, not one after the other.
    expect(log.slice(0, 400).filter((name) => name === 'b').length).toBeGreaterThan(50);
  });
});

describe('FlushScheduler share of the event loop', () => {
  it('writes at most half of any 100 ms window: 1 s of writing spreads over 2 s', async () => {
    // Simulated work: each unit moves the scheduler's clock 4 ms on (the machine's load cannot blur it).
    let offset = 0;
    const now = () => performance.now() + offset;
    const slices: number[] = [];
    const scheduler = new FlushScheduler((ms) => slices.push(ms), now);
    let left = 250;
    scheduler.mark({
      flush: () => {
        offset += 4;
        left--;
        return left > 0 ? 'more' : 'done';
      },
    });
    const startedAt = now();
    while (left > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const busyMs = slices.reduce((sum, ms) => sum + ms, 0);
    expect(busyMs).toBeGreaterThanOrEqual(1_000);
    // Each window holds at most WRITE_SHARE of writing, plus the slice that crosses the line.
    const share = WRITE_SHARE + FLUSH_SLICE_MS / WRITE_WINDOW_MS;
    expect(now() - startedAt).toBeGreaterThanOrEqual(busyMs / share - WRITE_WINDOW_MS);
  });
});
