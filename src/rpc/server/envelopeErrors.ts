import { ErrorCode, InvalidParamsError, RpcError } from '../../errors/RpcError.js';

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

/** geth's codes for a call cut short by the request timeout, and for a batch answer over its size cap. */
export const TIMEOUT_CODE = -32002;
export const RESPONSE_TOO_LARGE_CODE = -32003;

/** -32700 "parse error": the body is not JSON. Answered with id null. */
export function parseError(): RpcError {
  return new RpcError(ErrorCode.parseError, EnvelopeErrorMessage.parseError);
}

/** -32600 with geth's message (default "invalid request"): the envelope is malformed. */
export function invalidRequest(message: string = EnvelopeErrorMessage.invalidRequest): RpcError {
  return new RpcError(ErrorCode.invalidRequest, message);
}

/** -32601 `the method X does not exist/is not available`: geth's text for an unknown method. */
export function methodNotFound(method: string): RpcError {
  return new RpcError(ErrorCode.methodNotFound, `the method ${method} does not exist/is not available`);
}

/** -32602 "non-array args": params is present but neither an array nor null. */
export function nonArrayArgs(): RpcError {
  return new InvalidParamsError(EnvelopeErrorMessage.nonArrayArgs);
}

/** -32602 `too many arguments, want at most N`. */
export function tooManyArguments(max: number): RpcError {
  return new InvalidParamsError(`too many arguments, want at most ${max}`);
}

/** -32602 `missing value for required argument N` (N counts from 0). */
export function missingArgument(index: number): RpcError {
  return new InvalidParamsError(`missing value for required argument ${index}`);
}

/** -32602 `invalid argument N: <reason>`, the reason being the decoder's message. */
export function invalidArgument(index: number, reason: string): RpcError {
  return new InvalidParamsError(`invalid argument ${index}: ${reason}`);
}

/** -32600 for a body nesting arrays and objects deeper than the server allows (checked before parsing). */
export function nestingTooDeep(maxDepth: number): RpcError {
  return new RpcError(ErrorCode.invalidRequest, `request nests arrays and objects more than ${maxDepth} levels deep`);
}

/** -32002 "request timed out" (geth's words): the call ran past the request timeout; it may still complete. */
export function requestTimedOut(): RpcError {
  return new RpcError(TIMEOUT_CODE, EnvelopeErrorMessage.requestTimedOut);
}

/** -32003 "response too large" (geth's words): the batch's answers so far already exceed the size cap. */
export function responseTooLarge(): RpcError {
  return new RpcError(RESPONSE_TOO_LARGE_CODE, EnvelopeErrorMessage.responseTooLarge);
}

/** -32005 (EIP-1474 "limit exceeded") with the rate limiter's explanation. */
export function rateLimited(message: string, retryAfterSeconds: number): RpcError {
  return new RpcError(ErrorCode.limitExceeded, message, { data: { retryAfterSeconds } });
}
