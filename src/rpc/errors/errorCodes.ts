/**
 * Every JSON-RPC error code Sequin answers with, and what each means: the one catalog. A
 * {@link JsonRpcError} can only be built from an entry of it, and `errorCodes.test.ts` checks
 * that the codes are unique and that no other code appears in the source.
 *
 * Sources: JSON-RPC 2.0 (-32700 … -32603), EIP-1474 (-32000 … -32005, as geth and viem read
 * them), geth (3 for a reverted eth_call), EIP-7966 (4 for eth_sendRawTransactionSync).
 */
export const ErrorCodes = {
  /** The body is not JSON. Answered with id null. */
  parseError: { code: -32700, meaning: 'parse error: the request body is not valid JSON' },
  /** The envelope is not a JSON-RPC request (also: empty or oversized batch, too deep, refused key). */
  invalidRequest: { code: -32600, meaning: 'invalid request: the JSON is not a valid JSON-RPC request' },
  /** No such method, or notifications over a transport that cannot push them. */
  methodNotFound: { code: -32601, meaning: 'method not found: no such method (or subscription) here' },
  /** A parameter is missing, surplus, or cannot be decoded (`invalid argument N: …`), or makes no sense. */
  invalidParams: { code: -32602, meaning: 'invalid params: a parameter is missing, malformed or out of range' },
  /** A fault of the node itself; the details stay in its log. */
  internal: { code: -32603, meaning: 'internal error: a fault of the node, logged, never explained to the client' },
  /** geth's code for every pool, execution and state error ("nonce too low", "header not found", …). */
  server: { code: -32000, meaning: 'server error: the request is refused by the pool, the EVM or the state (geth wording)' },
  /** geth's: the call ran past the request timeout (it may still complete). */
  requestTimedOut: { code: -32002, meaning: 'request timed out: the call ran past the request timeout' },
  /** geth's: the batch's answers so far exceed the response size cap. */
  responseTooLarge: { code: -32003, meaning: 'response too large: the batch answer exceeds the size cap' },
  /** EIP-1474 "method not supported": here, a dedicated method called on the public endpoint (HTTP 403). */
  methodNotSupported: { code: -32004, meaning: 'method not supported on this endpoint: it requires a dedicated endpoint' },
  /** EIP-1474 "limit exceeded": rate limits, busy server, too many filters, subscriptions or pending calls, log ranges. */
  limitExceeded: { code: -32005, meaning: 'limit exceeded: a rate, size or count limit of the node' },
  /** geth's code for a reverted eth_call, with the revert bytes as data. */
  executionReverted: { code: 3, meaning: 'execution reverted: eth_call reverted; data holds the revert bytes' },
  /** EIP-7966: eth_sendRawTransactionSync accepted the tx but it was not processed in time; data holds its hash. */
  transactionTimeout: { code: 4, meaning: 'transaction not pre-confirmed within the timeout; data holds its hash' },
} as const;

/** One entry of the catalog: the code with its meaning. */
export type ErrorCodeEntry = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** A code of the catalog. */
export type ErrorCode = ErrorCodeEntry['code'];

/** The catalog entry of `code`, or undefined when Sequin never answers with it. */
export function errorCodeEntry(code: number): ErrorCodeEntry | undefined {
  return Object.values(ErrorCodes).find((entry) => entry.code === code);
}
