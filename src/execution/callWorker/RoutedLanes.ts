import { OverThreadBudget } from '../executionDeadline.js';
import type { ExecutionJob } from './CallJob.js';
import type { ExecutionLanes, JobPlacements } from './ExecutionLanes.js';

/**
 * Two sets of lanes with the same slots, and a rule choosing, job by job when it starts, which
 * one runs it: the node runs calls and estimates on its own thread first, within what this thread
 * gives them, and the rest in its workers (node/createCallExecutor.ts). A slot is one job at a
 * time whichever side runs it, so the scheduler's shares and limits hold across both. A job that
 * needs more of this thread than it gives (OverThreadBudget) is run again on the other side.
 */
export class RoutedLanes implements ExecutionLanes {
  readonly slots: number;
  private readonly placed: JobPlacements = { here: 0, elsewhere: 0, moved: 0 };

  constructor(
    private readonly here: ExecutionLanes,
    private readonly elsewhere: ExecutionLanes,
    private readonly runsHere: (job: ExecutionJob) => boolean,
  ) {
    if (here.slots !== elsewhere.slots) throw new Error('routed lanes need the same slots on both sides');
    this.slots = here.slots;
  }

  async run(slot: number, job: ExecutionJob): Promise<unknown> {
    if (!this.runsHere(job)) return this.runElsewhere(slot, job);
    this.placed.here++;
    try {
      return await this.here.run(slot, job);
    } catch (error) {
      // More than this thread gives a job (a precompile run too long to start here, or, beside the
      // sub-block grid, a run too long: executionDeadline.ts): the job runs again elsewhere, and
      // answers there.
      if (error instanceof OverThreadBudget) {
        this.placed.here--;
        this.placed.moved++;
        return this.runElsewhere(slot, job);
      }
      throw error;
    }
  }

  placements(): Readonly<JobPlacements> {
    return this.placed;
  }

  private runElsewhere(slot: number, job: ExecutionJob): Promise<unknown> {
    this.placed.elsewhere++;
    return this.elsewhere.run(slot, job);
  }

  async close(error: Error): Promise<void> {
    await Promise.all([this.here.close(error), this.elsewhere.close(error)]);
  }
}
