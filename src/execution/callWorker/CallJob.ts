import type { StoredStateEdit } from '../../chain/records.js';
import type { ChainRuleSettings } from '../../config/commonOfChain.js';
import type { BlockEnvironment } from '../BlockEnvironment.js';
import type { CallRequest } from '../CallRequest.js';
import type { CallOverrides } from '../overrides/CallOverrides.js';
import type { ReplayedTransaction } from '../tracing/replayBlock.js';
import type { TraceCallConfig, TraceConfig } from '../tracing/TraceConfig.js';
import type { SerializedCallError } from './callJobErrors.js';

/**
 * One eth_call or eth_estimateGas, as the main thread hands it to a call worker. Every field
 * survives structured cloning (Uint8Arrays and bigints included).
 */
export interface CallJob {
  /** 'call' answers the return data; 'estimate' runs the whole gas estimation loop. */
  kind: 'call' | 'estimate';
  request: CallRequest;
  /** The state to read: a sealed block number, or NEWEST_VERSION for "pending". */
  version: number;
  /**
   * The chain's rewind epoch (ChainView.epoch): after evm_revert / anvil_reset a block number may
   * name other contents, so states memoised in an earlier epoch are not reused.
   */
  epoch: number;
  environment: BlockEnvironment;
  /** The node's gas cap for calls (--rpc-gas-cap). */
  gasCap: bigint;
  /** The call's state override and precompile edits, if any (block overrides are in `environment`). */
  overrides?: CallOverrides;
}

/** eth_createAccessList on the state at `version`: the access-list loop of createAccessList.ts. */
export interface AccessListJob extends Omit<CallJob, 'kind'> {
  kind: 'accessList';
  /** Wall-time bound of all the loop's runs together. */
  timeoutMs: number;
}

/**
 * A block re-executed for debug_traceTransaction (`traceTransaction`: the last of `transactions`
 * is traced, the earlier ones replayed untraced) or debug_traceBlock* (`traceBlock`: every one
 * traced, answered as `[{ txHash, result }]` with `hashes`).
 */
export interface TraceBlockJob {
  kind: 'traceTransaction' | 'traceBlock';
  /** The state the block ran on: its parent's version. */
  parentVersion: number;
  /** The chain's rewind epoch, as in {@link CallJob}. */
  epoch: number;
  environment: BlockEnvironment;
  /** The block's transactions (bytes and sender), in order (for a transaction trace, up to it). */
  transactions: ReplayedTransaction[];
  /** The block's state edits (dev methods) among those transactions, as stored with the block. */
  stateEdits: StoredStateEdit[];
  /** The transactions' hashes, in order (for `traceBlock`'s answer). */
  hashes: string[];
  config: TraceConfig;
}

/**
 * debug_traceCall: the call traced on the state at `version`, or, with `replay`, on the state
 * after replaying `replay.transactions` and the state edits before them on
 * `replay.parentVersion` (the config's txIndex).
 */
export interface TraceCallJob {
  kind: 'traceCall';
  request: CallRequest;
  version: number;
  /** The chain's rewind epoch, as in {@link CallJob}. */
  epoch: number;
  replay?: { parentVersion: number; transactions: ReplayedTransaction[]; stateEdits: StoredStateEdit[] };
  /** The block's environment (the replay's); the call runs with the config's block overrides on top. */
  environment: BlockEnvironment;
  gasCap: bigint;
  config: TraceCallConfig;
  /** The config's state override and its precompile edits, checked on the main thread. */
  overrides?: CallOverrides;
}

/** Any job a call worker runs. */
export type ExecutionJob = CallJob | AccessListJob | TraceBlockJob | TraceCallJob;

/** True for the jobs that trace (capped separately, answered as JSON text from a worker). */
export function isTraceJob(job: ExecutionJob): job is TraceBlockJob | TraceCallJob {
  return job.kind === 'traceTransaction' || job.kind === 'traceBlock' || job.kind === 'traceCall';
}

/** What a call job answers: return data for 'call', the gas estimate for 'estimate'. */
export type CallJobResult = Uint8Array | bigint;

/**
 * A job as it crosses to a call worker (callJobWire.ts): the job with its flat byte fields (the
 * request's from, to and data; the environment's coinbase, parentHash, prevRandao and
 * parentBeaconBlockRoot) left undefined, and their values in `bytes`, in that order, as hex
 * without 0x (or null / undefined as they were).
 */
export interface WireJob {
  job: ExecutionJob;
  bytes: Array<string | null | undefined>;
}

/** A message from the main thread to a call worker: the job in its compact form. */
export interface CallWorkerRequest {
  id: number;
  job: WireJob;
}

/**
 * A call worker's answer to one {@link CallWorkerRequest}, or its first message `{ ready: true }`
 * once it can take jobs. A trace's answer comes as JSON text (`json`), so the main thread never
 * rebuilds a large object graph: it splices the text into the response. A call's return data
 * comes as hex text (`hex`, see callJobWire.ts).
 */
export type CallWorkerResponse =
  | { ready: true }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: true; hex: string }
  | { id: number; ok: true; json: string }
  | { id: number; ok: false; error: SerializedCallError };

/** What a call worker is started with (worker_threads `workerData`). */
export interface CallWorkerData {
  dataDir: string;
  chainId: bigint;
  /** The chain's rules the settings chose (`--hardfork`, `--disable-code-size-limit`). */
  rules: ChainRuleSettings;
  /** The OS scheduling priority (nice value) of the worker's thread, where the OS allows setting it per thread. */
  niceness: number;
  /** The worker's slot, which names its OS thread (`sequin-call-<slot>`, see nameThisThread.ts). */
  slot: number;
  /** The worker's heap bound in MiB, which traces keep well within (attachTracer's heap guard). */
  heapLimitMiB: number;
  /**
   * Wall-time cap of a call, estimate or access list in ms (--rpc-evm-timeout; 0 for none): the
   * worker stops such a job itself when it has run this long (executionDeadline.ts).
   */
  callTimeoutMs: number;
  /**
   * One Int32 on a SharedArrayBuffer: the main thread sets it to retire the worker, and the job
   * running stops at its next deadline check (executionDeadline.ts), so the thread can exit.
   */
  stopSignal: Int32Array;
}
