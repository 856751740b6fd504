import { describe, expect, it } from 'vitest';
import { FLUSH_SLICE_MS, type Flushable, FlushScheduler } from './FlushScheduler.js';

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
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a']);
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
