import type { ExecutionJob } from './CallJob.js';

/** Where jobs ran since start (RoutedLanes): on this thread, in a worker, or moved to a worker past this thread's budget. */
export interface JobPlacements {
  here: number;
  elsewhere: number;
  /** Started here, stopped at this thread's budget, and run again in a worker (also counted in `elsewhere`). */
  moved: number;
}

/**
 * Where execution jobs run, one at a time per slot: a worker thread per slot (WorkerLanes), or
 * this thread (InProcessLanes, for in-memory test chains). The ExecutionScheduler decides which
 * job runs on which slot and never gives a busy slot a second job.
 */
export interface ExecutionLanes {
  /** How many jobs may run at once. */
  readonly slots: number;
  /**
   * Runs `job` on `slot`: the call's return data, the estimate, the access list, or the trace's
   * result (a RawJson when it was serialized in a worker); its domain error when it fails.
   */
  run(slot: number, job: ExecutionJob): Promise<unknown>;
  /** Stops every lane; jobs still running fail with `error`. */
  close(error: Error): Promise<void>;
  /** Where jobs ran, for lanes that choose between two sides. */
  placements?(): Readonly<JobPlacements>;
}
