import type { CallOperation } from '../../errors/CallOperation.js';
import { ExecutionFailedError } from '../../errors/ExecutionFailedError.js';
import { ExecutionMemoryExceededError } from '../../errors/ExecutionMemoryExceededError.js';
import { ExecutionRevertedError } from '../../errors/ExecutionRevertedError.js';
import { ExecutionTimeoutError } from '../../errors/ExecutionTimeoutError.js';
import { GasAllowanceExceededError } from '../../errors/GasAllowanceExceededError.js';
import { InvalidCallError } from '../../errors/InvalidCallError.js';
import type { InvalidCallReason } from '../../errors/InvalidCallReason.js';
import { StructLogTooLargeError } from '../../errors/StructLogTooLargeError.js';
import { TracingFailedError } from '../../errors/TracingFailedError.js';

/**
 * An error thrown by a call job, flattened for postMessage (structured cloning keeps neither
 * the class nor its fields): the domain errors calls, estimates, access lists and traces throw,
 * field by field, or the message of anything else (a fault, answered as an internal error).
 */
export type SerializedCallError =
  | { kind: 'executionReverted'; returnData: Uint8Array; reason?: string; operation: CallOperation }
  | { kind: 'executionFailed'; vmError: string }
  | { kind: 'gasAllowanceExceeded'; allowance: bigint }
  | { kind: 'invalidCall'; reason: InvalidCallReason; operation: CallOperation }
  | { kind: 'executionTimeout'; operation: 'call' | 'trace'; timeoutMs: number }
  | { kind: 'structLogTooLarge'; limitBytes: number }
  | { kind: 'tracingFailed'; details: string }
  | { kind: 'executionMemoryExceeded'; operation: 'call' | 'trace'; limitMiB: number }
  | { kind: 'fault'; message: string };

/** Flattens what a job threw, in the worker. */
export function serializeCallError(error: unknown): SerializedCallError {
  if (error instanceof ExecutionRevertedError) {
    return {
      kind: 'executionReverted',
      returnData: error.returnData,
      operation: error.operation,
      ...(error.reason === undefined ? {} : { reason: error.reason }),
    };
  }
  if (error instanceof ExecutionFailedError) return { kind: 'executionFailed', vmError: error.vmError };
  if (error instanceof GasAllowanceExceededError) return { kind: 'gasAllowanceExceeded', allowance: error.allowance };
  if (error instanceof InvalidCallError) return { kind: 'invalidCall', reason: error.reason, operation: error.operation };
  if (error instanceof ExecutionTimeoutError) return { kind: 'executionTimeout', operation: error.operation, timeoutMs: error.timeoutMs };
  if (error instanceof StructLogTooLargeError) return { kind: 'structLogTooLarge', limitBytes: error.limitBytes };
  if (error instanceof TracingFailedError) return { kind: 'tracingFailed', details: error.details };
  if (error instanceof ExecutionMemoryExceededError) return { kind: 'executionMemoryExceeded', operation: error.operation, limitMiB: error.limitMiB };
  return { kind: 'fault', message: error instanceof Error ? error.message : String(error) };
}

/** Rebuilds, on the main thread, the error a job threw in its worker. */
export function restoreCallError(error: SerializedCallError): Error {
  switch (error.kind) {
    case 'executionReverted':
      return new ExecutionRevertedError(error);
    case 'executionFailed':
      return new ExecutionFailedError(error.vmError);
    case 'gasAllowanceExceeded':
      return new GasAllowanceExceededError(error.allowance);
    case 'invalidCall':
      return new InvalidCallError(error.reason, error.operation);
    case 'executionTimeout':
      return new ExecutionTimeoutError(error.operation, error.timeoutMs);
    case 'structLogTooLarge':
      return new StructLogTooLargeError(error.limitBytes);
    case 'tracingFailed':
      // The cause's message is the details; the cause itself stayed in the worker.
      return new TracingFailedError(error.details);
    case 'executionMemoryExceeded':
      return new ExecutionMemoryExceededError(error.operation, error.limitMiB);
    case 'fault':
      return new Error(error.message);
  }
}
