import { SequinError } from './SequinError.js';

/**
 * A call that ran and failed without reverting: out of gas, an invalid opcode, a stack error…
 * `vmError` is the EVM's failure in geth's words (translated once, in `execution/vmErrors.ts`,
 * since traces carry the same words in their results).
 */
export class ExecutionFailedError extends SequinError {
  readonly kind = 'executionFailed';

  constructor(readonly vmError: string) {
    super(`execution failed: ${vmError}`);
  }
}
