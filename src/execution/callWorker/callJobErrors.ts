import type { CallOperation } from '../../errors/CallOperation.js';
import { ExecutionFailedError } from '../../errors/ExecutionFailedError.js';
import { ExecutionRevertedError } from '../../errors/ExecutionRevertedError.js';
import { GasAllowanceExceededError } from '../../errors/GasAllowanceExceededError.js';
import { InvalidCallError } from '../../errors/InvalidCallError.js';
import type { InvalidCallReason } from '../../errors/InvalidCallReason.js';

/**
 * An error thrown by a call job, flattened for postMessage (structured cloning keeps neither
 * the class nor its fields): the domain errors executeCall and executeEstimate throw, field by
 * field, or the message of anything else (a fault, answered as an internal error).
 */
export type SerializedCallError =
  | { kind: 'executionReverted'; returnData: Uint8Array; reason?: string; operation: CallOperation }
  | { kind: 'executionFailed'; vmError: string }
  | { kind: 'gasAllowanceExceeded'; allowance: bigint }
  | { kind: 'invalidCall'; reason: InvalidCallReason; operation: CallOperation }
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
    case 'fault':
      return new Error(error.message);
  }
}
