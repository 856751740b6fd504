import { SequinError } from './SequinError.js';

/**
 * @deprecated Wire-coded errors from before domain errors, kept only so that src/node (which
 * is being restructured) compiles until its throw sites use domain errors. The RPC edge answers
 * with their code, message and data as they are. New code throws a domain error instead.
 */
export class RpcError extends SequinError {
  readonly kind = 'legacyRpc';
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    if (options.data !== undefined) this.data = options.data;
  }
}

/**
 * @deprecated The codes the legacy errors above are built with; the node's catalog of codes is
 * `rpc/errors/errorCodes.ts` (a test checks these values are all in it).
 */
export const ErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  server: -32000,
  limitExceeded: -32005,
  executionReverted: 3,
} as const;

/** @deprecated -32602 with this message; throw an InvalidArgumentError (`./InvalidArgumentError.ts`) instead. */
export class InvalidParamsError extends RpcError {
  constructor(message: string) {
    super(ErrorCode.invalidParams, message);
  }
}

/** @deprecated -32000 with this message; throw the domain error that says what happened. */
export class ServerError extends RpcError {
  constructor(message: string, data?: unknown) {
    super(ErrorCode.server, message, { data });
  }
}
