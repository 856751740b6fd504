import type { CallExecutor } from '../execution/callWorker/CallExecutor.js';
import type { NodeMetrics } from '../rpc/metrics/NodeMetrics.js';

/**
 * `sequin_execution_jobs`: the calls, estimates, access lists and traces run since start, by where
 * they ran: `main_thread`, `worker`, and `moved` (started on the main thread, stopped at its 2 ms
 * budget, run again in a worker; counted in `worker` too). What an operator reads to see how much
 * of the call load the main thread takes under `--main-thread-call-share`. Nothing is exported for an
 * executor that always runs its jobs on one side (fork mode, in-memory chains).
 */
export function observeExecutionPlacements(metrics: NodeMetrics, executor: CallExecutor): void {
  if (executor.placements() === undefined) return;
  metrics.gaugeOnScrape(
    'sequin_execution_jobs',
    'Calls, estimates, access lists and traces run since start: on the main thread, in a worker, or moved to a worker past the main thread budget',
    ['where'],
    () => {
      const placed = executor.placements()!;
      return [
        [{ where: 'main_thread' }, placed.here],
        [{ where: 'worker' }, placed.elsewhere],
        [{ where: 'moved' }, placed.moved],
      ];
    },
  );
}
