import type { DomainError } from '../../errors/DomainError.js';
import { SequinError } from '../../errors/SequinError.js';
import { domainErrorToWire } from './domainErrorTable.js';
import { ErrorCodes } from './errorCodes.js';
import { type ErrorDialect, hardhatAnswer } from './hardhatDialect.js';
import { JsonRpcError } from './JsonRpcError.js';

/** -32603 "internal error": what the client sees of a fault of the node. `cause` is the fault, for the log only. */
export class InternalJsonRpcError extends JsonRpcError {
  constructor(cause: unknown) {
    super(ErrorCodes.internal, 'internal error', { cause });
    this.name = 'InternalJsonRpcError';
  }
}

/**
 * The choke point that turns any thrown value into the error a client may see. A JsonRpcError
 * (built by the envelope or a method) passes as it is; a domain error is answered as the edge's
 * table says ({@link DOMAIN_ERROR_TABLE}), or, in the Hardhat dialect, a failed execution in
 * Hardhat's words (hardhatDialect.ts); anything else is a fault of the node and becomes
 * an {@link InternalJsonRpcError}: -32603 "internal error", its message, stack and paths left
 * to the log (the caller logs `cause`), never in the response.
 */
export function toJsonRpcError(error: unknown, dialect: ErrorDialect = 'geth'): JsonRpcError {
  if (error instanceof JsonRpcError) return error;
  if (error instanceof SequinError) {
    const hardhat = dialect === 'hardhat' ? hardhatAnswer(error as DomainError) : undefined;
    if (hardhat) return hardhat;
    const wire = domainErrorToWire(error as DomainError);
    // A domain error without a row in the table is a fault of the node (and logged as one).
    if (!wire || wire.code === ErrorCodes.internal) return new InternalJsonRpcError(error);
    return new JsonRpcError(wire.code, wire.message, { data: wire.data, cause: error });
  }
  return new InternalJsonRpcError(error);
}
