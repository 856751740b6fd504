import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ChainRuleSettings } from '../../config/commonOfChain.js';
import { CallWorkerFailedError } from '../../errors/CallWorkerFailedError.js';
import { ExecutionMemoryExceededError } from '../../errors/ExecutionMemoryExceededError.js';
import { ExecutionTimeoutError } from '../../errors/ExecutionTimeoutError.js';
import { RawJson } from '../../primitives/RawJson.js';
import { stopWorkerThread } from '../../primitives/stopWorkerThread.js';
import { type CallWorkerData, type CallWorkerRequest, type CallWorkerResponse, type ExecutionJob, isTraceJob } from './CallJob.js';
import { restoreCallError } from './callJobErrors.js';
import { jobToWire, wireHexToBytes } from './callJobWire.js';
import type { ExecutionLanes } from './ExecutionLanes.js';

/** Options of {@link WorkerLanes}. */
export interface WorkerLanesOptions {
  /** The LMDB data directory the node holds; workers open it read-only. */
  dataDir: string;
  chainId: bigint;
  /** The chain's rules the settings chose (`--hardfork`, `--disable-code-size-limit`): the worker's Common follows them. */
  rules: ChainRuleSettings;
  /** Worker threads, one per slot. */
  slots: number;
  /** Wall-time cap of a call, estimate or access list, in ms (--rpc-evm-timeout); 0 for none. */
  callTimeoutMs: number;
  /** The nice value of each slot's thread (slots kept for the dedicated tier run at a higher priority). */
  niceness: (slot: number) => number;
  /** Heap bound of each worker in MiB: a job past it fails with an ExecutionMemoryExceededError. */
  heapLimitMiB: number;
  /** Told how each retired worker ended: `stopped` by itself, or `terminated` after {@link STOP_WAIT_MS}. */
  onRetired?: (outcome: 'stopped' | 'terminated') => void;
}

/**
 * A trace has no overall cap of its own (each traced transaction has the config's timeout, and
 * re-executing a block is bounded by its gas); this backstop only ends a worker that is stuck.
 */
const TRACE_BACKSTOP_MS = 10 * 60 * 1000;

/**
 * How long a retired worker (its job timed out, or the lanes closed) has to stop by itself
 * (stopWorkerThread.ts) before it is terminated. Its job stops at the next deadline check, within
 * ~1 ms; only one precompile run can keep it longer (a BN254 pairing of a thousand pairs ~15 s, in
 * JavaScript, where terminating is safe).
 */
const STOP_WAIT_MS = 2_000;

/**
 * The young generation of each worker's heap, in MiB. V8's default (48 MiB on 64-bit) filled up
 * under a run of calls and estimates and stayed committed: ~55 MiB of heap per worker where 8 MiB
 * left ~30 MiB, with the same call and estimate throughput, measured (issue 13, the node's RSS).
 * A job's objects are short-lived; those that survive a scavenge move to the old generation.
 */
const WORKER_YOUNG_GENERATION_MIB = 8;

interface RunningJob {
  id: number;
  job: ExecutionJob;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
}

interface Lane {
  worker: Worker;
  /** The worker's `stopSignal` (CallWorkerData): raised when the lane is retired. */
  stopSignal: Int32Array;
  /** Resolves once the worker has opened storage and built its VM (jobs and their timers wait for it). */
  ready: Promise<void>;
  running?: RunningJob;
}

/**
 * One worker thread per slot, each with its own read-only view of the node's LMDB environment and
 * its own VM, so an execution never holds the event loop (sub-blocks keep being pre-confirmed).
 * A worker starts when its slot first gets a job and does not keep the process alive when idle.
 *
 * A call, estimate or access list running past `callTimeoutMs` fails with geth's "execution
 * aborted (timeout = …)": its worker is retired and a fresh one started at once, so the next
 * job does not pay the start-up. A retired worker is not terminated but stopped (see
 * {@link WorkerLanes.retire}): a thread terminated inside native code (the ECRECOVER precompile's
 * secp256k1) aborts the whole process (stopWorkerThread.ts). A worker that runs out of its heap
 * (a trace building a huge answer) fails its job with an ExecutionMemoryExceededError and is
 * replaced alike. Domain errors
 * thrown in a worker come back as the same domain errors (callJobErrors.ts); a trace's result
 * comes back as JSON text, handed on as a RawJson. A job's byte fields and a call's return data travel
 * as hex text (callJobWire.ts), which postMessage clones more cheaply than Uint8Arrays.
 */
export class WorkerLanes implements ExecutionLanes {
  readonly slots: number;
  private readonly lanes: Array<Lane | undefined>;
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: WorkerLanesOptions) {
    this.slots = options.slots;
    this.lanes = Array.from({ length: options.slots });
  }

  async run(slot: number, job: ExecutionJob): Promise<unknown> {
    if (this.closed) throw new CallWorkerFailedError('exited');
    const lane = (this.lanes[slot] ??= this.start(slot));
    await lane.ready;
    if (this.lanes[slot] !== lane) throw new CallWorkerFailedError('exited');
    return new Promise((resolve, reject) => {
      const timeoutMs = isTraceJob(job) ? TRACE_BACKSTOP_MS : this.options.callTimeoutMs;
      const running: RunningJob = { id: this.nextId++, job, resolve, reject };
      if (timeoutMs > 0) {
        // The error is made when the time runs out: an Error captures its stack, ~20 µs per call otherwise.
        const operation = isTraceJob(job) ? 'trace' : 'call';
        running.timer = setTimeout(() => this.replace(slot, lane, new ExecutionTimeoutError(operation, timeoutMs), { restart: true }), timeoutMs);
      }
      lane.running = running;
      lane.worker.ref();
      lane.worker.postMessage({ id: running.id, job: jobToWire(job) } satisfies CallWorkerRequest);
    });
  }

  /** Fails the jobs still running with `error` and retires every worker (see {@link retire}). */
  async close(error: Error): Promise<void> {
    this.closed = true;
    const lanes = this.lanes.splice(0).filter((lane): lane is Lane => lane !== undefined);
    for (const lane of lanes) this.settle(lane)?.reject(error);
    await Promise.all(lanes.map((lane) => this.retire(lane)));
  }

  private start(slot: number): Lane {
    const { script, eval: isEval } = workerScript();
    const stopSignal = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const workerData: CallWorkerData = {
      dataDir: this.options.dataDir,
      chainId: this.options.chainId,
      rules: this.options.rules,
      niceness: this.options.niceness(slot),
      slot,
      heapLimitMiB: this.options.heapLimitMiB,
      callTimeoutMs: this.options.callTimeoutMs,
      stopSignal,
    };
    const worker = new Worker(script, {
      eval: isEval,
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapLimitMiB, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MIB },
    });
    let markReady: () => void = () => {};
    let failStart: (error: unknown) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    // A failed start is reported to the job waiting for it; nobody else awaits `ready`.
    ready.catch(() => {});
    const lane: Lane = { worker, stopSignal, ready };
    worker.on('message', (response: CallWorkerResponse) => {
      if ('ready' in response) {
        markReady();
        if (!lane.running) worker.unref();
        return;
      }
      if (lane.running?.id !== response.id) return;
      const running = this.settle(lane)!;
      if (!response.ok) running.reject(restoreCallError(response.error));
      else if ('json' in response) running.resolve(new RawJson(response.json));
      else if ('hex' in response) running.resolve(wireHexToBytes(response.hex));
      else running.resolve(response.value);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const operation = lane.running && isTraceJob(lane.running.job) ? 'trace' : 'call';
      const failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ExecutionMemoryExceededError(operation, this.options.heapLimitMiB)
          : new CallWorkerFailedError('failed', error);
      failStart(failure);
      this.replace(slot, lane, failure, { restart: error.code === 'ERR_WORKER_OUT_OF_MEMORY' });
    });
    worker.on('exit', () => {
      failStart(new CallWorkerFailedError('exited'));
      this.replace(slot, lane, new CallWorkerFailedError('exited'));
    });
    return lane;
  }

  /** Ends a lane's job (clearing its timer) and returns it. */
  private settle(lane: Lane): RunningJob | undefined {
    const running = lane.running;
    if (!running) return undefined;
    clearTimeout(running.timer);
    lane.running = undefined;
    lane.worker.unref();
    return running;
  }

  /**
   * Fails the lane's job with `error`, retires its worker (stopWorkerThread: it stops by itself
   * once its job has, else it is terminated) and frees the slot for a fresh one:
   * started at once with `restart` (after a timeout, so the next job does not wait for a start),
   * else when the slot's next job comes.
   */
  private replace(slot: number, lane: Lane, error: Error, options: { restart?: boolean } = {}): void {
    if (this.lanes[slot] !== lane) return;
    this.lanes[slot] = undefined;
    this.settle(lane)?.reject(error);
    this.retire(lane).catch(() => {});
    if (options.restart && !this.closed) this.lanes[slot] = this.start(slot);
  }

  /**
   * Stops a lane's worker without terminating it mid-execution: its `stopSignal` stops the job it
   * runs at the next deadline check (within ~1 ms), and the stop message then ends the thread; only
   * a thread still busy after {@link STOP_WAIT_MS} is terminated (stopWorkerThread.ts).
   */
  private async retire(lane: Lane): Promise<void> {
    Atomics.store(lane.stopSignal, 0, 1);
    const outcome = await stopWorkerThread(lane.worker, STOP_WAIT_MS);
    this.options.onRetired?.(outcome);
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
