import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Common } from '@ethereumjs/common';
import { type Deadline, deadlineIn, runWithDeadline, stoppedByDeadline, type ThreadBudget } from '../executionDeadline.js';
import type { VmPool } from '../VmPool.js';
import { type ExecutionJob, isTraceJob } from './CallJob.js';
import type { ExecutionLanes } from './ExecutionLanes.js';
import { runExecutionJob } from './runExecutionJob.js';
import type { VersionedStates } from './VersionedStates.js';

/** Options of {@link InProcessLanes}. */
export interface InProcessLanesOptions {
  /** Wall-time cap of a call, estimate or access list, in ms (--rpc-evm-timeout); 0 for none. */
  callTimeoutMs: number;
  /**
   * When jobs can be run again elsewhere (RoutedLanes): what a call or estimate starting now may
   * take of this thread; one needing more fails with an OverThreadBudget, to be run where a
   * time-out can stop it. Without it precompile runs are bounded by their gas only.
   */
  budget?: () => ThreadBudget;
  /** Told how long each call or estimate held this thread, in ms (a ThreadShare's accounts). */
  held?: (ms: number) => void;
}

/**
 * Execution lanes on this thread, with VMs from a pool of `slots`: for chains whose storage only
 * this thread can read (the in-process test chains, testing/createTestChain.ts; fork mode), and
 * for the calls and estimates a node runs on its own thread first (RoutedLanes, chosen in
 * node/createCallExecutor.ts), where a call skips a thread hop and runs on this thread's warm JIT,
 * within a {@link ThreadBudget} past which it is run again in a worker. Jobs run exactly as in a call worker
 * (runExecutionJob). A call, estimate or access list ends with geth's "execution aborted
 * (timeout = …)" at `callTimeoutMs` (--rpc-evm-timeout; 0 for none), as in a worker: the EVM
 * checks a deadline at its jumps and calls, and may bound its precompile runs' gas
 * (executionDeadline.ts). Traces have the trace config's timeout and yield to the event loop as
 * they go.
 */
export class InProcessLanes implements ExecutionLanes {
  constructor(
    private readonly common: Common,
    private readonly vms: VmPool,
    private readonly states: VersionedStates,
    readonly slots: number,
    private readonly options: InProcessLanesOptions,
  ) {}

  async run(_slot: number, job: ExecutionJob): Promise<unknown> {
    // Each job starts on a new turn of the event loop. An execution here awaits only promises
    // that settle in memory, so a batch of heavy calls (or a long fuzz run of them) would keep
    // this thread in the microtask queue for as long as they all take, and nothing else on it
    // would run: timers, sockets, or the test runner's replies to its own progress reports.
    await yieldToEventLoop();
    // The job's time starts when it runs, as in a worker (waiting for a slot does not count).
    if (isTraceJob(job)) return this.runJob(job, undefined);
    const started = performance.now();
    try {
      return await this.runJob(job, deadlineIn(this.options.callTimeoutMs, this.options.budget?.()));
    } finally {
      this.options.held?.(performance.now() - started);
    }
  }

  private runJob(job: ExecutionJob, deadline: Deadline | undefined): Promise<unknown> {
    return runExecutionJob(job, {
      common: this.common,
      use: (work) => this.vms.use((execution) => runWithDeadline(execution, deadline, () => work(execution)), stoppedByDeadline),
      stateAt: this.states.forJob(job.epoch),
    });
  }

  async close(): Promise<void> {}
}
