import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CallWorkerFailedError } from '../../errors/CallWorkerFailedError.js';
import { ExecutionTimeoutError } from '../../errors/ExecutionTimeoutError.js';
import { LimitExceededError } from '../../errors/LimitExceededError.js';
import { NodeShuttingDownError } from '../../errors/NodeShuttingDownError.js';
import type { CallJob, CallJobResult, CallWorkerData, CallWorkerRequest, CallWorkerResponse } from './CallJob.js';
import { restoreCallError } from './callJobErrors.js';

/** geth's --rpc.evmtimeout default: 5 s. */
export const DEFAULT_RPC_EVM_TIMEOUT_MS = 5000;
/** One worker: the node runs on two cores and the main thread (sequencer, RPC) needs one. */
export const DEFAULT_CALL_WORKERS = 1;
/** Jobs that may wait for a worker; more are refused (LimitExceededError, pendingCalls). */
export const DEFAULT_CALL_QUEUE_LIMIT = 256;

/** Options of {@link CallExecutor}. */
export interface CallExecutorOptions {
  /** The LMDB data directory the node holds; workers open it read-only. */
  dataDir: string;
  chainId: bigint;
  /** Wall-time cap of one job in ms; 0 disables it. Default {@link DEFAULT_RPC_EVM_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Worker threads. Default {@link DEFAULT_CALL_WORKERS}. */
  workers?: number;
  /** Most jobs waiting for a worker. Default {@link DEFAULT_CALL_QUEUE_LIMIT}. */
  queueLimit?: number;
}

interface PendingJob {
  job: CallJob;
  resolve: (value: CallJobResult) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  /** False until the worker has opened storage and built its VM: jobs (and their timers) wait for it. */
  ready: boolean;
  /** The job it runs, with the id sent and its wall-time timer. */
  busy?: { id: number; pending: PendingJob; timer?: NodeJS.Timeout };
}

/**
 * Runs eth_call and eth_estimateGas jobs in worker threads over the node's LMDB environment, so
 * a long execution never holds the event loop (sub-blocks keep being pre-confirmed). Jobs queue
 * for a free worker (bounded: beyond `queueLimit` they fail with a LimitExceededError). A job
 * running longer than `timeoutMs` fails with an ExecutionTimeoutError (geth's "execution aborted
 * (timeout = 5s)"): its worker is terminated and a fresh one started. Domain errors thrown in a
 * worker come back as the same domain errors (callJobErrors.ts). Workers start on first use and
 * do not keep the process alive when idle.
 * In-memory (--ephemeral) storage cannot be shared with a thread: such nodes run calls on the
 * main thread (VmPool) instead.
 */
export class CallExecutor {
  private readonly slots: Slot[] = [];
  private readonly queue: PendingJob[] = [];
  private readonly timeoutMs: number;
  private readonly workers: number;
  private readonly queueLimit: number;
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: CallExecutorOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_RPC_EVM_TIMEOUT_MS;
    this.workers = Math.max(1, options.workers ?? DEFAULT_CALL_WORKERS);
    this.queueLimit = options.queueLimit ?? DEFAULT_CALL_QUEUE_LIMIT;
  }

  /** Runs an eth_call job: its return data, or the domain error the main-thread path would throw. */
  call(job: Omit<CallJob, 'kind'>): Promise<Uint8Array> {
    return this.run({ ...job, kind: 'call' }) as Promise<Uint8Array>;
  }

  /** Runs an eth_estimateGas job (the whole estimation loop): the gas limit, or a domain error. */
  estimate(job: Omit<CallJob, 'kind'>): Promise<bigint> {
    return this.run({ ...job, kind: 'estimate' }) as Promise<bigint>;
  }

  /** Terminates every worker; jobs still queued or running fail. Safe to call twice. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new NodeShuttingDownError();
    for (const pending of this.queue.splice(0)) pending.reject(error);
    const slots = this.slots.splice(0);
    for (const slot of slots) this.finish(slot)?.reject(error);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private run(job: CallJob): Promise<CallJobResult> {
    if (this.closed) return Promise.reject(new NodeShuttingDownError());
    if (this.queue.length >= this.queueLimit) return Promise.reject(new LimitExceededError({ kind: 'pendingCalls' }));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  /** Hands queued jobs to idle workers, starting workers up to the pool size. */
  private dispatch(): void {
    while (this.queue.length > 0) {
      if (this.slots.length < this.workers) this.startWorker();
      const slot = this.slots.find((candidate) => candidate.ready && !candidate.busy);
      if (!slot) return;
      const pending = this.queue.shift()!;
      const id = this.nextId++;
      slot.busy = { id, pending };
      if (this.timeoutMs > 0) {
        slot.busy.timer = setTimeout(() => this.abort(slot, new ExecutionTimeoutError('call', this.timeoutMs), { restart: true }), this.timeoutMs);
      }
      slot.worker.ref();
      slot.worker.postMessage({ id, job: pending.job } satisfies CallWorkerRequest);
    }
  }

  private startWorker(): Slot {
    const { script, eval: isEval } = workerScript();
    const worker = new Worker(script, { eval: isEval, workerData: { dataDir: this.options.dataDir, chainId: this.options.chainId } satisfies CallWorkerData });
    const slot: Slot = { worker, ready: false };
    worker.on('message', (response: CallWorkerResponse) => {
      if ('ready' in response) {
        slot.ready = true;
        this.dispatch();
        // An idle worker does not keep the process alive (it is ref'd while starting or busy).
        if (!slot.busy) worker.unref();
        return;
      }
      if (slot.busy?.id !== response.id) return;
      const pending = this.finish(slot)!;
      if (response.ok) pending.resolve(response.value);
      else pending.reject(restoreCallError(response.error));
      this.dispatch();
    });
    worker.on('error', (error) => this.abort(slot, new CallWorkerFailedError('failed', error)));
    worker.on('exit', () => this.abort(slot, new CallWorkerFailedError('exited')));
    this.slots.push(slot);
    return slot;
  }

  /** Ends a slot's job (clearing its timer) and returns it. */
  private finish(slot: Slot): PendingJob | undefined {
    const busy = slot.busy;
    if (!busy) return undefined;
    clearTimeout(busy.timer);
    slot.busy = undefined;
    slot.worker.unref();
    return busy.pending;
  }

  /**
   * Fails a slot's job with `error`, terminates its worker and lets a fresh one take the queue.
   * `restart` starts the replacement at once (after a timeout), so the next call does not pay
   * the worker's start-up; a worker that crashed is replaced only when a job needs one.
   */
  private abort(slot: Slot, error: Error, options: { restart?: boolean } = {}): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    this.finish(slot)?.reject(error);
    slot.worker.terminate().catch(() => {});
    if (this.closed) return;
    if (!slot.ready) {
      // It failed while starting (e.g. storage would not open): a replacement would fail alike.
      for (const pending of this.queue.splice(0)) pending.reject(error);
      return;
    }
    if (options.restart && this.slots.length < this.workers) this.startWorker();
    this.dispatch();
  }
}

/**
 * How to start a worker: dist/execution/callWorker/callWorker.js beside this module when compiled,
 * dist/bundle/callWorker.js beside the bundle, or, when this module runs from its TypeScript
 * source (vitest), the .ts source through tsx's loader (a devDependency; `--import tsx` in
 * execArgv registers too late on Node 20, so a tiny bootstrap registers it, then imports).
 */
function workerScript(): { script: string | URL; eval: boolean } {
  const compiled = new URL('./callWorker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return { script: compiled, eval: false };
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const source = new URL('./callWorker.ts', import.meta.url).href;
  return { script: `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`, eval: true };
}
