// The execution scheduler's fairness, deterministically: jobs are promises the test settles by
// hand and the clock only moves when the test moves it, so every assertion is about the order
// and placement the scheduler chose, never about timing.

import { describe, expect, it } from 'vitest';
import { LimitExceededError } from '../../errors/LimitExceededError.js';
import { ExecutionScheduler, type ExecutionSchedulerOptions, type JobClass } from './ExecutionScheduler.js';
import type { JobOwner } from './JobOwner.js';

const publicClient = (id: string): JobOwner => ({ clientId: id, tier: 'public' });
const dedicatedClient = (id: string): JobOwner => ({ clientId: id, tier: 'dedicated' });

interface Started {
  label: string;
  slot: number;
  finish(): Promise<void>;
}

/** A scheduler over a manual clock that records which job started on which slot, in order. */
function harness(options: Partial<ExecutionSchedulerOptions> = {}) {
  let clock = 0;
  const started: Started[] = [];
  const scheduler = new ExecutionScheduler({
    slots: 2,
    dedicatedSlots: 1,
    maxRunningTraces: 1,
    queueLimit: 100,
    clientQueueLimit: 50,
    now: () => clock,
    ...options,
  });
  const outcomes: Array<Promise<unknown>> = [];
  const submit = (owner: JobOwner, label: string, jobClass: JobClass = 'call') => {
    const outcome = scheduler.schedule(owner, jobClass, (slot) => {
      return new Promise<string>((resolve) => {
        started.push({
          label,
          slot,
          finish: async () => {
            resolve(label);
            // Let the scheduler's continuation (free the slot, start the next job) run.
            await outcome.catch(() => {});
          },
        });
      });
    });
    outcomes.push(outcome.catch(() => {}));
    return outcome;
  };
  const runningOn = (label: string) => started.find((job) => job.label === label);
  return {
    scheduler,
    submit,
    started,
    labels: () => started.map((job) => job.label),
    advance: (ms: number) => {
      clock += ms;
    },
    /** Finishes the running job `label` after `ms` of execution. */
    finish: async (label: string, ms = 0) => {
      clock += ms;
      const job = runningOn(label);
      if (!job) throw new Error(`${label} has not started`);
      await job.finish();
    },
  };
}

describe('ExecutionScheduler', () => {
  it('lets a client alone use every slot its tier may use, and no more jobs than slots run at once', async () => {
    const run = harness({ slots: 3, dedicatedSlots: 1 });
    for (const label of ['a1', 'a2', 'a3', 'a4']) run.submit(dedicatedClient('a'), label);
    expect(run.started.map((job) => [job.label, job.slot])).toEqual([
      ['a1', 0],
      ['a2', 1],
      ['a3', 2],
    ]);
    expect(run.scheduler.waiting).toBe(1);
    await run.finish('a2', 5);
    expect(run.started.map((job) => [job.label, job.slot]).at(-1)).toEqual(['a4', 1]);
  });

  it('never runs a public job on a slot kept for the dedicated tier', async () => {
    const run = harness({ slots: 3, dedicatedSlots: 1 });
    for (const label of ['p1', 'p2', 'p3', 'p4']) run.submit(publicClient('p'), label);
    expect(run.started.map((job) => [job.label, job.slot])).toEqual([
      ['p1', 1],
      ['p2', 2],
    ]);
    expect(run.scheduler.waiting).toBe(2);
  });

  it('keeps the reserved slot for a dedicated client while a public client holds the rest with endless jobs', async () => {
    const run = harness({ slots: 2, dedicatedSlots: 1 });
    for (let index = 0; index < 20; index++) run.submit(publicClient('looper'), `loop${index}`);
    expect(run.labels()).toEqual(['loop0']);
    // The dedicated client's calls start at once, one after the other, while loop0 never ends.
    for (let index = 0; index < 5; index++) {
      run.submit(dedicatedClient('key'), `call${index}`);
      expect(run.started.at(-1)).toMatchObject({ label: `call${index}`, slot: 0 });
      await run.finish(`call${index}`, 1);
    }
    expect(run.labels().filter((label) => label.startsWith('loop'))).toEqual(['loop0']);
  });

  it('alternates between two clients that both keep their queues full, whatever each sent first', async () => {
    const run = harness({ slots: 1, dedicatedSlots: 0 });
    for (let index = 0; index < 6; index++) run.submit(publicClient('a'), `a${index}`);
    for (let index = 0; index < 6; index++) run.submit(publicClient('b'), `b${index}`);
    for (let step = 0; step < 8; step++) await run.finish(run.started.at(-1)!.label, 10);
    expect(run.labels()).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'b2', 'a3', 'b3', 'a4']);
  });

  it('gives a client sending short jobs most turns over one sending long jobs (service, not job count, is shared)', async () => {
    const run = harness({ slots: 1, dedicatedSlots: 0 });
    for (let index = 0; index < 10; index++) run.submit(publicClient('long'), `long${index}`);
    for (let index = 0; index < 10; index++) run.submit(publicClient('short'), `short${index}`);
    // long0 took the slot first; each long job runs 100 ms, each short one 10 ms: ten short jobs
    // equal one long one, so all ten run before long's second turn.
    for (let step = 0; step < 11; step++) {
      const current = run.started.at(-1)!.label;
      await run.finish(current, current.startsWith('long') ? 100 : 10);
    }
    expect(run.labels()).toEqual(['long0', ...Array.from({ length: 10 }, (_, index) => `short${index}`), 'long1']);
  });

  it('holds a client to its share of the slots while another waits, and gives freed slots to the one under its share', async () => {
    const run = harness({ slots: 3, dedicatedSlots: 0 });
    for (let index = 0; index < 6; index++) run.submit(publicClient('a'), `a${index}`);
    expect(run.labels()).toEqual(['a0', 'a1', 'a2']);
    for (let index = 0; index < 3; index++) run.submit(publicClient('b'), `b${index}`);
    // a holds all three slots; as they free, b gets them until it has its share (3 slots ÷ 2 clients = 1)…
    await run.finish('a0', 1);
    expect(run.labels().at(-1)).toBe('b0');
    // …then the least served of the two goes next: b0 has run 0 ms, a's jobs have run for longer.
    await run.finish('a1', 1);
    expect(run.labels().at(-1)).toBe('b1');
  });

  it('starts a newcomer level with the least-served active client rather than at zero', async () => {
    const run = harness({ slots: 1, dedicatedSlots: 0 });
    for (let index = 0; index < 4; index++) run.submit(publicClient('a'), `a${index}`);
    for (let index = 0; index < 4; index++) run.submit(publicClient('b'), `b${index}`);
    await run.finish('a0', 1_000);
    await run.finish('b0', 1_000);
    // After a long shared history, a newcomer c gets one turn and then alternates, not a burst of turns.
    for (let index = 0; index < 3; index++) run.submit(publicClient('c'), `c${index}`);
    for (let step = 0; step < 5; step++) await run.finish(run.started.at(-1)!.label, 1_000);
    const afterHistory = run.labels().slice(2);
    expect(afterHistory.filter((label) => label.startsWith('c')).length).toBeLessThanOrEqual(2);
    expect(afterHistory).toContain('c0');
  });

  it('runs at most maxRunningTraces traces at once; calls pass a waiting trace', async () => {
    const run = harness({ slots: 3, dedicatedSlots: 0, maxRunningTraces: 1 });
    run.submit(dedicatedClient('a'), 'trace1', 'trace');
    run.submit(dedicatedClient('a'), 'trace2', 'trace');
    run.submit(dedicatedClient('a'), 'call1');
    expect(run.labels()).toEqual(['trace1', 'call1']);
    await run.finish('trace1', 5);
    expect(run.labels()).toEqual(['trace1', 'call1', 'trace2']);
  });

  it('refuses past the client queue limit, the node queue limit, and the public share of it, with -32005', async () => {
    const run = harness({ slots: 1, dedicatedSlots: 0, queueLimit: 8, clientQueueLimit: 3 });
    run.submit(publicClient('a'), 'a-running');
    for (let index = 0; index < 3; index++) run.submit(publicClient('a'), `a${index}`);
    await expect(run.submit(publicClient('a'), 'a-refused')).rejects.toBeInstanceOf(LimitExceededError);
    for (let index = 0; index < 3; index++) run.submit(publicClient('b'), `b${index}`);
    // 6 public jobs wait = 75% of 8: the public tier is full, a dedicated client still gets in.
    await expect(run.submit(publicClient('c'), 'c-refused')).rejects.toMatchObject({ limit: { kind: 'pendingCalls' } });
    run.submit(dedicatedClient('d'), 'd0');
    run.submit(dedicatedClient('d'), 'd1');
    await expect(run.submit(dedicatedClient('e'), 'e-refused')).rejects.toBeInstanceOf(LimitExceededError);
    expect(run.scheduler.waiting).toBe(8);
  });

  it('fails waiting jobs when closed and refuses new ones', async () => {
    const run = harness({ slots: 1, dedicatedSlots: 0 });
    run.submit(publicClient('a'), 'running');
    const waiting = run.submit(publicClient('a'), 'waiting');
    const error = new Error('shutting down');
    run.scheduler.close(error);
    await expect(waiting).rejects.toBe(error);
    await expect(run.submit(publicClient('a'), 'late')).rejects.toBe(error);
  });

  it('frees the slot of a job that throws before returning a promise', async () => {
    const run = harness({ slots: 1, dedicatedSlots: 0 });
    await expect(
      run.scheduler.schedule(publicClient('a'), 'call', () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    run.submit(publicClient('a'), 'next');
    expect(run.labels()).toEqual(['next']);
  });
});
