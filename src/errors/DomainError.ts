import type { CallWorkerFailedError } from './CallWorkerFailedError.js';
import type { Erc20SlotNotFoundError } from './Erc20SlotNotFoundError.js';
import type { ExecutionFailedError } from './ExecutionFailedError.js';
import type { ExecutionMemoryExceededError } from './ExecutionMemoryExceededError.js';
import type { ExecutionRevertedError } from './ExecutionRevertedError.js';
import type { ExecutionTimeoutError } from './ExecutionTimeoutError.js';
import type { FleetLogUnavailableError } from './FleetLogUnavailableError.js';
import type { FleetUnsupportedError } from './FleetUnsupportedError.js';
import type { ForkProofUnavailableError } from './ForkProofUnavailableError.js';
import type { ForkRemoteError } from './ForkRemoteError.js';
import type { GasAllowanceExceededError } from './GasAllowanceExceededError.js';
import type { GenesisNotTraceableError } from './GenesisNotTraceableError.js';
import type { InvalidArgumentError } from './InvalidArgumentError.js';
import type { InvalidCallError } from './InvalidCallError.js';
import type { InvalidOverrideError } from './InvalidOverrideError.js';
import type { InvalidTracerConfigError } from './InvalidTracerConfigError.js';
import type { InvalidTransactionRequestError } from './InvalidTransactionRequestError.js';
import type { LimitExceededError } from './LimitExceededError.js';
import type { MinedTransactionFailedError } from './MinedTransactionFailedError.js';
import type { NodeShuttingDownError } from './NodeShuttingDownError.js';
import type { NotFoundError } from './NotFoundError.js';
import type { NotLeadingError } from './NotLeadingError.js';
import type { SendSyncTimeoutError } from './SendSyncTimeoutError.js';
import type { SimulationError } from './SimulationError.js';
import type { StorageUnavailableError } from './StorageUnavailableError.js';
import type { StructLogTooLargeError } from './StructLogTooLargeError.js';
import type { TracerNotFoundError } from './TracerNotFoundError.js';
import type { TracingFailedError } from './TracingFailedError.js';
import type { TransactionRejectedError } from './TransactionRejectedError.js';

/**
 * Every domain error Sequin throws, told apart by `kind`. A {@link SequinError} subclass must be
 * listed here (errors/DomainError.test.ts checks that every subclass is), and the RPC edge's table has one row per
 * kind, so a new domain error does not compile until it has a code, a message and data.
 */
export type DomainError =
  // The pool, and a mined transaction that failed (reported as Hardhat's node reports it).
  | TransactionRejectedError
  | MinedTransactionFailedError
  // Execution: calls, estimates, traces, the call workers.
  | ExecutionRevertedError
  | ExecutionFailedError
  | GasAllowanceExceededError
  | InvalidCallError
  | InvalidOverrideError
  | SimulationError
  | ExecutionTimeoutError
  | TracerNotFoundError
  | InvalidTracerConfigError
  | StructLogTooLargeError
  | TracingFailedError
  | CallWorkerFailedError
  // Fork mode: the remote chain's node.
  | ForkRemoteError
  | ExecutionMemoryExceededError
  // Requests the node's state or limits refuse.
  | NotFoundError
  | GenesisNotTraceableError
  | InvalidArgumentError
  | InvalidTransactionRequestError
  | LimitExceededError
  | SendSyncTimeoutError
  | NodeShuttingDownError
  // Storage that cannot make writes durable (full or failing disk).
  | StorageUnavailableError
  // Dev methods (anvil_*).
  | Erc20SlotNotFoundError
  // What a NATS fleet's log cannot carry (rewinds), and a log that does not acknowledge in time.
  | FleetUnsupportedError
  | FleetLogUnavailableError
  | NotLeadingError
  // Fork mode: proofs of remote state above the fork block.
  | ForkProofUnavailableError;
