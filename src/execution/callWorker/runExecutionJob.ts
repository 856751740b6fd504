import type { Common } from '@ethereumjs/common';
import type { StoredStateEdit } from '../../chain/records.js';
import { createAccessList } from '../createAccessList.js';
import { applyBlockOverrides } from '../overrides/BlockOverrides.js';
import { overriddenState } from '../overrides/CallOverrides.js';
import type { StateReader } from '../StateReader.js';
import { storedStateEditChanges } from '../stateEditRecord.js';
import { type ReplayedStateEdit, stateAfterTransactions, traceBlockTransactions } from '../tracing/replayBlock.js';
import { traceCall } from '../tracing/traceCall.js';
import type { ExecutionJob } from './CallJob.js';
import { executeCall, executeEstimate, type UseVm } from './executeCallJob.js';

/** What a job runs with: the same in a call worker and on the main thread (test chains). */
export interface JobContext {
  common: Common;
  use: UseVm;
  /**
   * The state at a storage version: a sealed block's number, or NEWEST_VERSION for "pending".
   * One job sees one state per version (an estimation loop or a block replay reads one snapshot).
   */
  stateAt: (version: number) => StateReader;
  /** The heap bound of the thread (an execution worker's, in MiB), which traces must stay within. */
  heapLimitMiB?: number;
}

/** The trace config with the thread's heap bound, when it has one. */
function withHeapLimit<T extends { heapLimitMiB?: number }>(config: T, heapLimitMiB: number | undefined): T {
  return heapLimitMiB === undefined ? config : { ...config, heapLimitMiB };
}

/**
 * Runs one execution job: eth_call, eth_estimateGas, eth_createAccessList or a debug_trace*. The
 * answer is the call's return data, the estimate, the access list, or the tracer's result (for a
 * block trace, `[{ txHash, result }]`); failures are thrown as the domain errors the RPC edge
 * answers (reverts, invalid calls, trace time-outs, …).
 */
export async function runExecutionJob(job: ExecutionJob, context: JobContext): Promise<unknown> {
  const { common, use, stateAt } = context;
  switch (job.kind) {
    case 'call':
    case 'estimate': {
      const options = {
        common,
        use,
        state: stateAt(job.version),
        environment: job.environment,
        request: job.request,
        gasCap: job.gasCap,
        overrides: job.overrides,
      };
      return job.kind === 'call' ? executeCall(options) : executeEstimate(options);
    }
    case 'accessList':
      return createAccessList({
        common,
        use,
        state: stateAt(job.version),
        environment: job.environment,
        request: job.request,
        gasCap: job.gasCap,
        timeoutMs: job.timeoutMs,
        overrides: job.overrides,
      });
    case 'traceTransaction':
    case 'traceBlock': {
      const config = withHeapLimit(job.config, context.heapLimitMiB);
      const firstTraced = job.kind === 'traceTransaction' ? job.transactions.length - 1 : 0;
      const results = await use((execution) =>
        traceBlockTransactions(
          {
            common,
            execution,
            parentState: stateAt(job.parentVersion),
            environment: job.environment,
            transactions: job.transactions,
            stateEdits: replayedStateEdits(job.stateEdits),
          },
          firstTraced,
          config,
        ),
      );
      return job.kind === 'traceTransaction' ? results[0] : results.map((result, index) => ({ txHash: job.hashes[index], result }));
    }
    case 'traceCall': {
      const config = withHeapLimit(job.config, context.heapLimitMiB);
      return use(async (execution) => {
        const { replay } = job;
        const base: StateReader = replay
          ? await stateAfterTransactions({
              common,
              execution,
              parentState: stateAt(replay.parentVersion),
              environment: job.environment,
              transactions: replay.transactions,
              stateEdits: replayedStateEdits(replay.stateEdits),
            })
          : stateAt(job.version);
        // The state override goes on top of the replayed state, as geth applies it after txIndex's replay.
        const state = overriddenState(base, job.overrides);
        const precompileEdits = job.overrides?.precompileEdits;
        // The replay runs in the block's own environment, the call with the config's block overrides.
        const environment = applyBlockOverrides(job.environment, job.config.blockOverrides);
        return traceCall({ common, execution, state, environment, request: job.request, gasCap: job.gasCap, config, precompileEdits });
      });
    }
  }
}

/** A block's stored state edits as a replay applies them (each before the transaction at its position). */
function replayedStateEdits(edits: StoredStateEdit[]): ReplayedStateEdit[] {
  return edits.map((edit) => ({ afterTransactions: edit.afterTransactions, changes: storedStateEditChanges(edit) }));
}
