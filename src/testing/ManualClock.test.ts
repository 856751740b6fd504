import { describe, expect, it } from 'vitest';
import { DEFAULT_START_MS, ManualClock } from './ManualClock.js';

describe('ManualClock', () => {
  it('fires due timers in time order (registration order on ties), with now() at each due time', async () => {
    const clock = new ManualClock();
    const fired: Array<[string, number]> = [];
    const record = (name: string) => () => fired.push([name, clock.now() - DEFAULT_START_MS]);
    clock.setTimeout(record('b'), 200);
    clock.setTimeout(record('a'), 100);
    clock.setTimeout(record('c'), 200);
    const cancelled = clock.setTimeout(record('x'), 150);
    clock.setTimeout(record('late'), 301);
    clock.clearTimeout(cancelled);
    await clock.advance(300);
    expect(fired).toEqual([
      ['a', 100],
      ['b', 200],
      ['c', 200],
    ]);
    expect(clock.now()).toBe(DEFAULT_START_MS + 300);
    expect(clock.pendingTimers).toBe(1);
    expect(clock.msUntilNextTimer()).toBe(1);
  });

  it('fires timers that callbacks schedule within the same advance', async () => {
    const clock = new ManualClock({ startMs: 0 });
    const ticks: number[] = [];
    const loop = () => {
      ticks.push(clock.now());
      clock.setTimeout(loop, 100);
    };
    clock.setTimeout(loop, 100);
    await clock.advance(350);
    expect(ticks).toEqual([100, 200, 300]);
  });

  it("with awaitReschedule, waits for a callback's async work until it schedules its successor", async () => {
    const clock = new ManualClock({ startMs: 0, awaitReschedule: true });
    const done: number[] = [];
    const step = () => {
      void (async () => {
        for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
        done.push(clock.now());
        clock.setTimeout(step, 100);
      })();
    };
    clock.setTimeout(step, 100);
    await clock.advance(100);
    expect(done).toEqual([100]);
    await clock.advance(250);
    expect(done).toEqual([100, 200, 300]);
  });

  it('stops a callback that reschedules itself without delay', async () => {
    const clock = new ManualClock();
    const spin = () => clock.setTimeout(spin, 0);
    clock.setTimeout(spin, 0);
    await expect(clock.advance(1)).rejects.toThrow(/reschedules itself without delay/);
  });
});
