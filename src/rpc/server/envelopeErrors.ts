import { ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';

/**
 * The JSON-RPC envelope errors, worded exactly as geth words them (go-ethereum `rpc/errors.go`,
 * `rpc/handler.go`, `rpc/json.go`), because clients and tests match on these strings.
 */
export const EnvelopeErrorMessage = {
  parseError: 'parse error',
  invalidRequest: 'invalid request',
  emptyBatch: 'empty batch',
  batchTooLarge: 'batch too large',
  nonArrayArgs: 'non-array args',
  requestTimedOut: 'request timed out',
  responseTooLarge: 'response too large',
} as const;

/** -32700 "parse error": the body is not JSON. Answered with id null. */
export function parseError(): JsonRpcError {
  return new JsonRpcError(ErrorCodes.parseError, EnvelopeErrorMessage.parseError);
}

/** -32600 with geth's message (default "invalid request"): the envelope is malformed. */
export function invalidRequest(message: string = EnvelopeErrorMessage.invalidRequest): JsonRpcError {
  return new JsonRpcError(ErrorCodes.invalidRequest, message);
}

/** -32601 `the method X does not exist/is not available`: geth's text for an unknown method. */
export function methodNotFound(method: string): JsonRpcError {
  return new JsonRpcError(ErrorCodes.methodNotFound, `the method ${method} does not exist/is not available`);
}

/** -32602 "non-array args": params is present but neither an array nor null. */
export function nonArrayArgs(): JsonRpcError {
  return new JsonRpcError(ErrorCodes.invalidParams, EnvelopeErrorMessage.nonArrayArgs);
}

/** -32602 `too many arguments, want at most N`. */
export function tooManyArguments(max: number): JsonRpcError {
  return new JsonRpcError(ErrorCodes.invalidParams, `too many arguments, want at most ${max}`);
}

/** -32602 `missing value for required argument N` (N counts from 0). */
export function missingArgument(index: number): JsonRpcError {
  return new JsonRpcError(ErrorCodes.invalidParams, `missing value for required argument ${index}`);
}

/** -32602 `invalid argument N: <reason>`, the reason being the decoder's message. */
export function invalidArgument(index: number, reason: string): JsonRpcError {
  return new JsonRpcError(ErrorCodes.invalidParams, `invalid argument ${index}: ${reason}`);
}

/** -32600 for a body nesting arrays and objects deeper than the server allows (checked before parsing). */
export function nestingTooDeep(maxDepth: number): JsonRpcError {
  return new JsonRpcError(ErrorCodes.invalidRequest, `request nests arrays and objects more than ${maxDepth} levels deep`);
}

/** -32002 "request timed out" (geth's words): the call ran past the request timeout; it may still complete. */
export function requestTimedOut(): JsonRpcError {
  return new JsonRpcError(ErrorCodes.requestTimedOut, EnvelopeErrorMessage.requestTimedOut);
}

/** -32003 "response too large" (geth's words): the batch's answers so far already exceed the size cap. */
export function responseTooLarge(): JsonRpcError {
  return new JsonRpcError(ErrorCodes.responseTooLarge, EnvelopeErrorMessage.responseTooLarge);
}

/** -32005 (EIP-1474 "limit exceeded") with the rate limiter's explanation. */
export function rateLimited(message: string, retryAfterSeconds: number): JsonRpcError {
  return new JsonRpcError(ErrorCodes.limitExceeded, message, { data: { retryAfterSeconds } });
}
