import { SequinError } from './SequinError.js';

/** Which limit a request ran into, with the configured maximum where the message names it. */
export type ExceededLimit =
  /** Calls waiting for a call worker (the queue is full). */
  | { kind: 'pendingCalls' }
  /** Filters installed by all clients together. */
  | { kind: 'filters'; max: number }
  /** Filters installed by one client (API key or address). */
  | { kind: 'filtersPerClient'; max: number }
  /** Blocks one log query may span (--rpc-logs-block-range). */
  | { kind: 'logBlockRange'; max: number }
  /** Logs one answer may hold (--rpc-logs-max-results). */
  | { kind: 'logResults'; max: number };

/** A request refused because it would pass one of the node's limits (docs/reference/limits.md). */
export class LimitExceededError extends SequinError {
  readonly kind = 'limitExceeded';

  constructor(readonly limit: ExceededLimit) {
    super(`limit exceeded (${limit.kind})`);
  }
}
