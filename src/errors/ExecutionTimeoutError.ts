import { SequinError } from './SequinError.js';

/**
 * Execution stopped at its wall-time limit: a call's (`call`: eth_call, eth_estimateGas and
 * eth_createAccessList, --rpc-evm-timeout) or a tracer's (`trace`: the trace config's timeout).
 */
export class ExecutionTimeoutError extends SequinError {
  readonly kind = 'executionTimeout';

  constructor(
    readonly operation: 'call' | 'trace',
    readonly timeoutMs: number,
  ) {
    super(`${operation} ran past its time limit of ${timeoutMs} ms`);
  }
}
