import { ErrorCodes } from '../errors/errorCodes.js';
import type { MethodError } from '../server/MethodDefinition.js';

/**
 * Errors several methods share, declared once for their definitions' `errors` (and so for
 * docs/reference/methods.md). The messages are those of errors/domainErrorTable.ts and
 * errors/transactionRejectionTable.ts, which clients match on.
 */
export const MethodErrors = {
  /** A read at a block (number, tag or hash) the chain does not have. */
  headerNotFound: { code: ErrorCodes.server, when: 'the block does not exist: "header not found"' },
  /** eth_sendRawTransaction and every other way a transaction reaches the pool. */
  poolRejection: {
    code: ErrorCodes.server,
    when: 'the pool refuses the transaction, in geth\'s words ("nonce too low: …", "insufficient funds for gas * price + value: …", "replacement transaction underpriced", "already known", "txpool is full", …)',
  },
  /** Bytes that are not a transaction. */
  notATransaction: { code: ErrorCodes.invalidParams, when: 'the bytes are not a transaction ("invalid argument 0: …")' },
  /** Node-side signing for an address without a dev key. */
  unknownAccount: { code: ErrorCodes.server, when: 'the node holds no key for `from`: "unknown account"' },
  /** eth_call, eth_estimateGas, eth_createAccessList, debug_traceCall: a call that cannot run, or fails in the EVM. */
  callFailure: {
    code: ErrorCodes.server,
    when: 'the call cannot run ("insufficient funds for gas * price + value", "intrinsic gas too low", …), fails in the EVM ("out of gas", "invalid opcode: …"), or an override is refused',
  },
  /** A call past its execution time budget. */
  executionTimeout: {
    code: ErrorCodes.server,
    when: 'execution ran past its time budget: "execution aborted (timeout = …)" (eth_call), "execution timeout" (the others)',
  },
  /** Rewinds on a NATS fleet. */
  fleetRewind: {
    code: ErrorCodes.server,
    when: 'on a NATS fleet: "chain rewinds (evm_revert, anvil_rollback, anvil_reset) are not supported on a NATS fleet …"',
  },
  /** debug_trace* of a transaction, block or call. */
  tracing: {
    code: ErrorCodes.server,
    when: 'the tracer is unknown ("tracer not found"), its config is refused, the struct log outgrows its cap ("struct log exceeds … MiB …"), or the replay fails ("tracing failed: …")',
  },
  /** A filter id that is unknown or expired. */
  filterNotFound: { code: ErrorCodes.server, when: 'the id is unknown or its filter expired: "filter not found"' },
  /** The Sync variants of sending. */
  notPreconfirmedInTime: {
    code: ErrorCodes.transactionTimeout,
    when: 'accepted but not pre-confirmed within the timeout; data holds the hash (the transaction stays in the pool)',
  },
} as const satisfies Record<string, MethodError>;
