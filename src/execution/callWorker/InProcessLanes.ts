import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Common } from '@ethereumjs/common';
import type { VmPool } from '../VmPool.js';
import type { ExecutionJob } from './CallJob.js';
import type { ExecutionLanes } from './ExecutionLanes.js';
import { runExecutionJob } from './runExecutionJob.js';
import type { VersionedStates } from './VersionedStates.js';

/**
 * Execution lanes on this thread, for chains whose storage lives in this thread's memory and so
 * cannot be opened by a worker: the in-process test chains (testing/createTestChain.ts). Jobs run
 * exactly as in a call worker (runExecutionJob), with VMs from a pool of `slots`; traces yield to
 * the event loop as they go, calls are bounded by gas only. A node started from the command line
 * never uses these: its --ephemeral storage is LMDB in memory that workers can open.
 */
export class InProcessLanes implements ExecutionLanes {
  constructor(
    private readonly common: Common,
    private readonly vms: VmPool,
    private readonly states: VersionedStates,
    readonly slots: number,
  ) {}

  async run(_slot: number, job: ExecutionJob): Promise<unknown> {
    // Each job starts on a new turn of the event loop. An execution here awaits only promises
    // that settle in memory, so a batch of heavy calls (or a long fuzz run of them) would keep
    // this thread in the microtask queue for as long as they all take, and nothing else on it
    // would run: timers, sockets, or the test runner's replies to its own progress reports.
    await yieldToEventLoop();
    return runExecutionJob(job, { common: this.common, use: (work) => this.vms.use(work), stateAt: this.states.forJob(job.epoch) });
  }

  async close(): Promise<void> {}
}
