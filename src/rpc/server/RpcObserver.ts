import type { RequestContext } from './RequestContext.js';

/** One served call, as {@link RpcObserver} hears of it. */
export interface CallRecord {
  /** The method name as the client sent it (only trust it as a label when `registered`). */
  method: string;
  /** False for a method the server does not know: a client-chosen string, unsafe as a metric label. */
  registered: boolean;
  /** Who called. */
  context: RequestContext;
  /** Wall time from dispatch to answer, decoding and handler included. */
  durationMs: number;
  /** The JSON-RPC error code answered, or undefined for a result. */
  errorCode?: number;
  /**
   * True when the error answered is a fault of the node (-32603 "internal error", logged). Hardhat's
   * failed executions (`--compat hardhat`) share that code without being faults.
   */
  fault?: boolean;
}

/**
 * Hears of every call the server answers (notifications included), after it is answered: how
 * the node counts requests for metrics and writes per-call logs. Must not throw.
 */
export interface RpcObserver {
  onCall(record: CallRecord): void;
}
