/**
 * Every JSON-RPC error code Sequin answers with, and what each means: the one catalog. A
 * {@link JsonRpcError} can only be built from an entry of it, and `errorCodes.test.ts` checks
 * that the codes are unique and that no other code appears in the source.
 *
 * Sources: JSON-RPC 2.0 (-32700 … -32603), EIP-1474 (-32000 … -32005, as geth and viem read
 * them), geth (3 for a reverted eth_call), EIP-7966 (4 for eth_sendRawTransactionSync), the
 * execution-apis spec of eth_simulateV1 (-38010 … -38026, -32015).
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
  internal: {
    code: -32603,
    meaning:
      "internal error: a fault of the node, logged, never explained to the client; under --compat hardhat also Hardhat's code for a failed execution, whose message says what failed",
  },
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
  // eth_simulateV1 (execution-apis spec, as geth answers): why a simulation cannot run.
  /** A simulated call's nonce is below its sender's. */
  nonceTooLow: { code: -38010, meaning: 'eth_simulateV1: a call nonce is lower than its sender account nonce' },
  /** A simulated call's nonce is above its sender's. */
  nonceTooHigh: { code: -38011, meaning: 'eth_simulateV1: a call nonce is higher than its sender account nonce' },
  /** A simulated call's fee cap is below its block's base fee (validation mode). */
  baseFeeTooLow: { code: -38012, meaning: "eth_simulateV1: a call's fee cap is below its block's base fee" },
  /** A simulated call's gas cannot cover its intrinsic cost. */
  intrinsicGas: { code: -38013, meaning: "eth_simulateV1: a call's gas is below its intrinsic cost" },
  /** A simulated call's sender cannot pay for its gas and value. */
  insufficientFunds: { code: -38014, meaning: 'eth_simulateV1: a sender cannot pay gas * price + value' },
  /** A simulated call asks for more gas than its block has left. */
  blockGasLimitReached: { code: -38015, meaning: 'eth_simulateV1: a call asks for more gas than its block has left' },
  /** Simulated block numbers are not increasing. */
  blockNumberInvalid: { code: -38020, meaning: 'eth_simulateV1: block numbers must increase' },
  /** Simulated block timestamps are not increasing. */
  blockTimestampInvalid: { code: -38021, meaning: 'eth_simulateV1: block timestamps must increase' },
  /** A simulated create's init code is over the EIP-3860 limit. */
  initCodeTooLarge: { code: -38025, meaning: "eth_simulateV1: a call's init code exceeds the EIP-3860 limit" },
  /** Too many simulated blocks or calls in one request. */
  clientLimitExceeded: { code: -38026, meaning: 'eth_simulateV1: too many blocks or calls in one request' },
  /** In an eth_simulateV1 call result (not an error answer): the call failed in the EVM, other than by reverting. */
  vmError: { code: -32015, meaning: 'eth_simulateV1 call result: the call failed in the EVM (out of gas, invalid opcode, …)' },
} as const;

/** One entry of the catalog: the code with its meaning. */
export type ErrorCodeEntry = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** A code of the catalog. */
export type ErrorCode = ErrorCodeEntry['code'];

/** The catalog entry of `code`, or undefined when Sequin never answers with it. */
export function errorCodeEntry(code: number): ErrorCodeEntry | undefined {
  return Object.values(ErrorCodes).find((entry) => entry.code === code);
}
