// Which side runs a job: this thread when the rule says so, the other side otherwise, and the other
// side again for a job that needed more of this thread than it gives; and the count of each.
import { describe, expect, it } from 'vitest';
import { ExecutionTimeoutError } from '../../errors/ExecutionTimeoutError.js';
import { PrecompileOverBudget, TimeOverBudget } from '../executionDeadline.js';
import type { ExecutionJob } from './CallJob.js';
import type { ExecutionLanes } from './ExecutionLanes.js';
import { RoutedLanes } from './RoutedLanes.js';

/** Lanes that answer `answer(job)` and remember which slot ran which job. */
function lanes(answer: (job: ExecutionJob) => unknown): ExecutionLanes & { ran: Array<[number, ExecutionJob]> } {
  const ran: Array<[number, ExecutionJob]> = [];
  return {
    slots: 2,
    ran,
    async run(slot, job) {
      ran.push([slot, job]);
      return answer(job);
    },
    async close() {},
  };
}

const job = (kind: 'call' | 'estimate', data: string) => ({ kind, request: { data } }) as unknown as ExecutionJob;

describe('RoutedLanes', () => {
  it('runs a job on the side its rule chooses as the job starts', async () => {
    const here = lanes(() => 'here');
    const elsewhere = lanes(() => 'elsewhere');
    let room = true;
    const routed = new RoutedLanes(here, elsewhere, () => room);
    expect(await routed.run(1, job('call', 'a'))).toBe('here');
    room = false;
    expect(await routed.run(0, job('call', 'b'))).toBe('elsewhere');
    expect(here.ran).toEqual([[1, job('call', 'a')]]);
    expect(elsewhere.ran).toEqual([[0, job('call', 'b')]]);
    expect(routed.placements()).toEqual({ here: 1, elsewhere: 1, moved: 0 });
  });

  it.each([
    ['past its time budget', new TimeOverBudget(2)],
    ['with a precompile run over its gas budget', new PrecompileOverBudget(20_000n)],
  ])('runs a job again on the other side, in the same slot, when it stopped here %s', async (_why, error) => {
    const here = lanes(() => {
      throw error;
    });
    const elsewhere = lanes(() => 'answered elsewhere');
    const routed = new RoutedLanes(here, elsewhere, () => true);
    expect(await routed.run(1, job('estimate', 'c'))).toBe('answered elsewhere');
    expect(elsewhere.ran).toEqual([[1, job('estimate', 'c')]]);
    expect(routed.placements()).toEqual({ here: 0, elsewhere: 1, moved: 1 });
  });

  it("gives any other error as the job's answer, without running it again", async () => {
    const timeout = new ExecutionTimeoutError('call', 5_000);
    const here = lanes(() => {
      throw timeout;
    });
    const elsewhere = lanes(() => 'never');
    const routed = new RoutedLanes(here, elsewhere, () => true);
    await expect(routed.run(0, job('call', 'd'))).rejects.toBe(timeout);
    expect(elsewhere.ran).toEqual([]);
    expect(routed.placements()).toEqual({ here: 1, elsewhere: 0, moved: 0 });
  });

  it('refuses sides with different slots', () => {
    const three = { ...lanes(() => 0), slots: 3 };
    expect(
      () =>
        new RoutedLanes(
          lanes(() => 0),
          three,
          () => true,
        ),
    ).toThrow('routed lanes need the same slots on both sides');
  });
});
