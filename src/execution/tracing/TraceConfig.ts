import type { BlockOverrides } from '../overrides/BlockOverrides.js';
import type { StateOverride } from '../overrides/StateOverride.js';

/**
 * The default bound of a struct log, in estimated bytes of its JSON (--rpc-trace-max-bytes). geth
 * has no such cap, but one long transaction yields millions of entries (a 7.7M-step one took
 * 1.4 GB of memory to answer); past the bound the trace fails and asks for a narrower one.
 */
export const MAX_STRUCT_LOG_BYTES = 64 * 1024 * 1024;

/** geth's default wall-time limit of one transaction trace (eth/tracers/api.go defaultTraceTimeout). */
export const DEFAULT_TRACE_TIMEOUT_MS = 5000;

/**
 * The longest `timeout` a trace request may ask for. geth accepts any duration; in Sequin a trace
 * holds one of the few execution workers (and the node's trace slot) while it runs, so one request
 * must not keep them indefinitely. Longer requested timeouts are clamped to this.
 */
export const MAX_TRACE_TIMEOUT_MS = 60_000;

/** The struct logger's options, as geth's logger.Config (all off by default; memory is opt-in). */
export interface StructLoggerConfig {
  enableMemory: boolean;
  disableStack: boolean;
  disableStorage: boolean;
  enableReturnData: boolean;
  /** Stop adding entries once the JSON of the entries exceeds this many bytes; 0 = unlimited. */
  limit: number;
  /**
   * The node's memory bound (--rpc-trace-max-bytes): past this many estimated bytes of JSON the
   * trace fails instead of growing further. Default {@link MAX_STRUCT_LOG_BYTES}.
   */
  maxBytes?: number;
}

/**
 * A decoded trace config (geth's TraceConfig): which tracer, its own config object, the
 * struct logger's options (historically top-level fields) and the wall-time limit.
 */
export interface TraceConfig {
  /** "callTracer", "prestateTracer", or undefined for the struct logger. */
  tracer?: string;
  /** The tracer's `tracerConfig` object (empty when absent). */
  tracerConfig: Record<string, unknown>;
  logger: StructLoggerConfig;
  /** Wall-time limit of each transaction's trace, already clamped to {@link MAX_TRACE_TIMEOUT_MS}. */
  timeoutMs: number;
  /** Set by the node, not the request: the heap bound (MiB) of the worker running the trace, which the trace must stay well within. */
  heapLimitMiB?: number;
}

/** debug_traceCall's config: a {@link TraceConfig} plus the transaction index to trace on top of. */
export interface TraceCallConfig extends TraceConfig {
  /** Trace on the state before this transaction of the block (after the earlier ones) instead of after the block. */
  txIndex?: number;
  /** geth's `stateOverrides`: accounts replaced before the call runs. */
  stateOverrides?: StateOverride;
  /** geth's `blockOverrides`: header fields the call sees instead of the block's. */
  blockOverrides?: BlockOverrides;
}

/** The config geth uses when none is given: the struct logger with stack and storage, 5 s. */
export function defaultTraceConfig(): TraceConfig {
  return {
    tracerConfig: {},
    logger: { enableMemory: false, disableStack: false, disableStorage: false, enableReturnData: false, limit: 0 },
    timeoutMs: DEFAULT_TRACE_TIMEOUT_MS,
  };
}
