import { SequinError } from './SequinError.js';

/**
 * A job ran its execution worker out of memory (the worker's heap is bounded, so one request
 * cannot grow the node without limit): a trace (`trace`) or a call, estimate or access list
 * (`call`). The worker is replaced; other jobs are unaffected.
 */
export class ExecutionMemoryExceededError extends SequinError {
  readonly kind = 'executionMemoryExceeded';

  constructor(
    readonly operation: 'call' | 'trace',
    readonly limitMiB: number,
  ) {
    super(`${operation} exceeded the execution memory limit of ${limitMiB} MiB`);
  }
}
