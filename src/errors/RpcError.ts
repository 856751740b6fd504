/**
 * The one error base class of Sequin: a short message, a JSON-RPC `code`, optional `data`
 * (sent to the client) and an optional `cause` (kept for logs, never sent).
 * Every error a client may see is an RpcError or is turned into one by {@link toRpcError}.
 */
export class RpcError extends Error {
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RpcError';
    this.code = code;
    if (options.data !== undefined) this.data = options.data;
  }
}

/** JSON-RPC 2.0 and Ethereum error codes used by Sequin. */
export const ErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** geth's code for every pool, execution and state error ("nonce too low", "execution reverted", ...). */
  server: -32000,
  /** Rate limits (EIP-1474). */
  limitExceeded: -32005,
  /** eth_call/estimateGas revert: geth uses 3 for eth_call reverts. */
  executionReverted: 3,
} as const;

/** -32602 naming the parameter at fault, e.g. `invalid argument 0: hex string without 0x prefix`. */
export class InvalidParamsError extends RpcError {
  constructor(message: string) {
    super(ErrorCode.invalidParams, message);
    this.name = 'InvalidParamsError';
  }
}

/** -32000 with one of geth's messages. */
export class ServerError extends RpcError {
  constructor(message: string, data?: unknown) {
    super(ErrorCode.server, message, { data });
    this.name = 'ServerError';
  }
}
