import type { ChainRuleSettings } from '../../config/commonOfChain.js';
import { NodeShuttingDownError } from '../../errors/NodeShuttingDownError.js';
import type { AccessListResult } from '../createAccessList.js';
import { ExecutionScheduler } from '../scheduling/ExecutionScheduler.js';
import { INTERNAL_OWNER, type JobOwner } from '../scheduling/JobOwner.js';
import { type AccessListJob, type CallJob, type ExecutionJob, isTraceJob, type TraceBlockJob, type TraceCallJob } from './CallJob.js';
import type { ExecutionLanes, JobPlacements } from './ExecutionLanes.js';
import { WorkerLanes } from './WorkerLanes.js';

/** geth's --rpc.evmtimeout default: 5 s. */
export const DEFAULT_RPC_EVM_TIMEOUT_MS = 5000;
/**
 * Two workers: on the two cores the node is built for, one can run a long call while the other
 * keeps answering (and is the dedicated tier's own when the public tier is served); the main
 * thread's sequencing outranks both (the shared one runs at a lower OS priority).
 */
export const DEFAULT_CALL_WORKERS = 2;
/** Workers only dedicated-tier jobs may use (at most all but one). */
export const DEFAULT_DEDICATED_WORKERS = 1;
/** Jobs that may wait for a worker; more are refused (LimitExceededError, pendingCalls). */
export const DEFAULT_CALL_QUEUE_LIMIT = 1024;
/** Jobs one client may have waiting. */
export const DEFAULT_CLIENT_QUEUE_LIMIT = 64;
/** Traces running at once. */
export const DEFAULT_MAX_CONCURRENT_TRACES = 1;
/** Heap bound of each worker (MiB): a struct log at its default bound (64 MiB of JSON) fits with room. */
export const DEFAULT_WORKER_HEAP_MIB = 512;
/** The nice value of workers any tier may use: below the main thread and the dedicated tier's workers. */
const SHARED_WORKER_NICENESS = 10;

/** Limits of a {@link CallExecutor}; every one has a default. */
export interface CallExecutorLimits {
  /** Wall-time cap of a call, estimate or access list in ms; 0 disables it. Default {@link DEFAULT_RPC_EVM_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Jobs running at once (worker threads). Default {@link DEFAULT_CALL_WORKERS}. */
  workers?: number;
  /** Of them, kept for the dedicated tier. Default {@link DEFAULT_DEDICATED_WORKERS}. */
  dedicatedWorkers?: number;
  /** Most jobs waiting for a worker. Default {@link DEFAULT_CALL_QUEUE_LIMIT}. */
  queueLimit?: number;
  /** Most jobs one client may have waiting. Default {@link DEFAULT_CLIENT_QUEUE_LIMIT}. */
  clientQueueLimit?: number;
  /** Traces running at once. Default {@link DEFAULT_MAX_CONCURRENT_TRACES}. */
  maxConcurrentTraces?: number;
  /** Heap bound of each worker in MiB. Default {@link DEFAULT_WORKER_HEAP_MIB}. */
  heapLimitMiB?: number;
}

/** Options of {@link CallExecutor}: worker threads over an LMDB data directory, or lanes of the caller's choosing. */
export type CallExecutorOptions = CallExecutorLimits & (WorkerDirectory | { lanes: ExecutionLanes });

/** What worker threads open: the node's LMDB directory, and the chain's id and rules. */
export interface WorkerDirectory {
  dataDir: string;
  chainId: bigint;
  rules?: ChainRuleSettings;
}

/** Worker threads over an LMDB data directory, one per slot, with the limits' defaults. */
export function workerLanes(options: CallExecutorLimits & WorkerDirectory): WorkerLanes {
  const dedicatedWorkers = dedicatedWorkersOf(options);
  return new WorkerLanes({
    dataDir: options.dataDir,
    chainId: options.chainId,
    rules: options.rules ?? {},
    slots: workersOf(options),
    callTimeoutMs: options.timeoutMs ?? DEFAULT_RPC_EVM_TIMEOUT_MS,
    niceness: (slot) => (slot < dedicatedWorkers ? 0 : SHARED_WORKER_NICENESS),
    heapLimitMiB: options.heapLimitMiB ?? DEFAULT_WORKER_HEAP_MIB,
  });
}

function workersOf(limits: CallExecutorLimits): number {
  return Math.max(1, limits.workers ?? DEFAULT_CALL_WORKERS);
}

function dedicatedWorkersOf(limits: CallExecutorLimits): number {
  return Math.max(0, Math.min(limits.dedicatedWorkers ?? DEFAULT_DEDICATED_WORKERS, workersOf(limits) - 1));
}

/**
 * Runs eth_call, eth_estimateGas, eth_createAccessList and debug_trace* jobs in execution lanes:
 * worker threads that read the node's LMDB environment by version, or lanes on the main thread
 * (ExecutionLanes; node/createCallExecutor.ts chooses), in the order an ExecutionScheduler
 * decides, so one client cannot take more than its share and the dedicated tier keeps a slot of
 * its own. Jobs name their owner (the RPC client); jobs without one run as {@link INTERNAL_OWNER}.
 * Results and domain errors are the same on either thread.
 */
export class CallExecutor {
  private readonly lanes: ExecutionLanes;
  private readonly scheduler: ExecutionScheduler;

  constructor(options: CallExecutorOptions) {
    this.lanes = 'lanes' in options ? options.lanes : workerLanes(options);
    this.scheduler = new ExecutionScheduler({
      slots: this.lanes.slots,
      dedicatedSlots: dedicatedWorkersOf(options),
      maxRunningTraces: Math.max(1, options.maxConcurrentTraces ?? DEFAULT_MAX_CONCURRENT_TRACES),
      queueLimit: options.queueLimit ?? DEFAULT_CALL_QUEUE_LIMIT,
      clientQueueLimit: options.clientQueueLimit ?? DEFAULT_CLIENT_QUEUE_LIMIT,
    });
  }

  // `kind` first, then the job's fields: on Node 20's V8 a field added after a spread gives every job
  // a hidden class of its own (see execution/runStateOutOfResults.ts).

  /** Runs an eth_call job: its return data, or the domain error the main-thread path would throw. */
  call(job: Omit<CallJob, 'kind'>, owner: JobOwner = INTERNAL_OWNER): Promise<Uint8Array> {
    return this.run({ kind: 'call', ...job }, owner) as Promise<Uint8Array>;
  }

  /** Runs an eth_estimateGas job (the whole estimation loop): the gas limit, or a domain error. */
  estimate(job: Omit<CallJob, 'kind'>, owner: JobOwner = INTERNAL_OWNER): Promise<bigint> {
    return this.run({ kind: 'estimate', ...job }, owner) as Promise<bigint>;
  }

  /** Runs an eth_createAccessList job. */
  accessList(job: Omit<AccessListJob, 'kind'>, owner: JobOwner = INTERNAL_OWNER): Promise<AccessListResult> {
    return this.run({ kind: 'accessList', ...job }, owner) as Promise<AccessListResult>;
  }

  /** Runs a trace: the tracer's result, as JSON text (a RawJson) when it was built in a worker. */
  trace(job: TraceBlockJob | TraceCallJob, owner: JobOwner = INTERNAL_OWNER): Promise<unknown> {
    return this.run(job, owner);
  }

  /** Where jobs ran since start, when the node runs them on its own thread first (RoutedLanes); else undefined. */
  placements(): Readonly<JobPlacements> | undefined {
    return this.lanes.placements?.();
  }

  /** Terminates every worker; jobs still queued or running fail. Safe to call twice. */
  async close(): Promise<void> {
    const error = new NodeShuttingDownError();
    this.scheduler.close(error);
    await this.lanes.close(error);
  }

  private run(job: ExecutionJob, owner: JobOwner): Promise<unknown> {
    return this.scheduler.schedule(owner, isTraceJob(job) ? 'trace' : 'call', (slot) => this.lanes.run(slot, job));
  }
}
