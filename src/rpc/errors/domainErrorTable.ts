import type { DomainError } from '../../errors/DomainError.js';
import type { OverrideProblem } from '../../errors/InvalidOverrideError.js';
import type { TracerConfigProblem } from '../../errors/InvalidTracerConfigError.js';
import type { TransactionRequestProblem } from '../../errors/InvalidTransactionRequestError.js';
import type { ExceededLimit } from '../../errors/LimitExceededError.js';
import type { MissingSubject } from '../../errors/NotFoundError.js';
import { describeStorageProblem } from '../../errors/StorageUnavailableError.js';
import { checksumAddress } from '../../primitives/checksumAddress.js';
import { bytesToHex } from '../../primitives/hex.js';
import { ErrorCodes } from './errorCodes.js';
import { formatGoDuration } from './formatGoDuration.js';
import { invalidCallReasonMessage } from './invalidCallReasonMessage.js';
import { simulationErrorToWire } from './simulationErrorToWire.js';
import { TxErrorMessage } from './TxErrorMessage.js';
import { transactionRejectionToWire } from './transactionRejectionTable.js';
import type { WireError } from './WireError.js';

type Row<K extends DomainError['kind']> = (error: Extract<DomainError, { kind: K }>) => WireError;

const server = (message: string, data?: unknown): WireError => ({ code: ErrorCodes.server, message, ...(data === undefined ? {} : { data }) });

/**
 * The one table from domain errors to what the client sees: code (from the catalog), message
 * (geth's exact words where geth has them; clients classify errors by them) and data. One row
 * per kind of {@link DomainError}: a new domain error does not compile without its row.
 */
export const DOMAIN_ERROR_TABLE: { readonly [K in DomainError['kind']]: Row<K> } = {
  transactionRejected: (error) => transactionRejectionToWire(error.reason),
  // Only `--compat hardhat` reports a failed mined transaction, in Hardhat's words (hardhatDialect.ts);
  // in geth's, it reads as its receipt's failure with the hash and the return data.
  minedTransactionFailed: (error) => server(error.vmError, { txHash: error.hash, data: bytesToHex(error.returnData) }),

  // geth answers an eth_call revert with code 3; Sequin's eth_estimateGas keeps -32000 (docs/reference/where-the-spec-is-silent.md#reverts).
  executionReverted: (error) => ({
    code: error.operation === 'call' ? ErrorCodes.executionReverted : ErrorCodes.server,
    message: error.reason === undefined ? TxErrorMessage.executionReverted : `${TxErrorMessage.executionReverted}: ${error.reason}`,
    data: bytesToHex(error.returnData),
  }),
  executionFailed: (error) => server(error.vmError),
  gasAllowanceExceeded: (error) => server(`gas required exceeds allowance (${error.allowance})`),
  invalidCall: (error) => {
    const message = invalidCallReasonMessage(error.reason);
    if (error.operation === 'createAccessList') return server(`failed to apply transaction: ${message}`);
    if (error.operation === 'traceCall') return server(`tracing failed: ${message}`);
    return server(message);
  },
  invalidOverride: (error) => server(overrideMessage(error.problem)),
  simulation: (error) => simulationErrorToWire(error.problem),
  executionTimeout: (error) => server(error.operation === 'call' ? `execution aborted (timeout = ${formatGoDuration(error.timeoutMs)})` : 'execution timeout'),
  tracerNotFound: () => server('tracer not found'),
  invalidTracerConfig: (error) => server(tracerConfigMessage(error.problem)),
  structLogTooLarge: (error) =>
    server(`struct log exceeds ${error.limitBytes / 1024 / 1024} MiB; narrow it with "limit", "disableStack", "disableStorage" or use a tracer`),
  tracingFailed: (error) => server(`tracing failed: ${error.details}`),
  callWorkerFailed: (error) => server(`call worker ${error.how}`),
  forkRemote: (error) => server(error.shortMessage),
  executionMemoryExceeded: (error) => server(`${error.operation === 'trace' ? 'trace' : 'execution'} exceeds the memory limit of ${error.limitMiB} MiB`),

  notFound: (error) => server(missingMessage(error.subject)),
  genesisNotTraceable: () => server('genesis is not traceable'),
  invalidArgument: (error) => ({
    code: ErrorCodes.invalidParams,
    message: error.index === undefined ? error.problem : `invalid argument ${error.index}: ${error.problem}`,
  }),
  invalidTransactionRequest: (error) => server(transactionRequestMessage(error.problem)),
  limitExceeded: (error) => ({ code: ErrorCodes.limitExceeded, message: limitMessage(error.limit) }),
  sendSyncTimeout: (error) => ({
    code: ErrorCodes.transactionTimeout,
    message: `transaction ${error.hash} was accepted but not pre-confirmed within ${error.timeoutMs} ms`,
    data: error.hash,
  }),
  nodeShuttingDown: () => server('node is shutting down'),
  // The data directory's path stays in the node's log: clients learn what is wrong, not where.
  storageUnavailable: (error) => server(`storage unavailable: ${describeStorageProblem(error.problem)}; the node accepts no writes until its storage recovers`),
  // Anvil's words (it answers them with -32603; here -32000: the token's layout, not a node fault).
  erc20SlotNotFound: (error) => server(`Unable to set ERC20 ${error.what}, no slot found`),
  fleetUnsupported: () =>
    server(
      'chain rewinds (evm_revert, anvil_rollback, anvil_reset) are not supported on a NATS fleet (--nats): replicas and standbys follow the sequencer log, which does not carry rewinds',
    ),
  fleetLogUnavailable: (error) =>
    server(
      `sequencer log unavailable: no append was acknowledged within ${error.waitedMs / 1000} s (the NATS cluster lost a server or is electing a leader); the outcome is unknown, send again`,
    ),
  notLeading: () =>
    server("this node does not sequence the fleet's log now (it follows, or another sequencer took over); nothing was accepted here, send again"),
  forkProofUnavailable: (error) =>
    server(
      `cannot prove ${error.slot === undefined ? `account ${error.address}` : `slot ${error.slot} of ${error.address}`} above the fork block ${error.forkBlock}: its value comes from the remote, and this chain's state roots cover only what it wrote; ask for a proof at block ${error.forkBlock} or below`,
    ),
};

/** geth's `override` package wording (addresses checksummed, as its `Address.Hex()`). */
function overrideMessage(problem: OverrideProblem): string {
  switch (problem.kind) {
    case 'notPrecompile':
      return `account ${checksumAddress(problem.address)} is not a precompile`;
    case 'targetOverridden':
      return `account ${checksumAddress(problem.address)} is already overridden`;
    case 'overriddenByPrecompile':
      return `account ${checksumAddress(problem.address)} has already been overridden by a precompile`;
    case 'stateAndStateDiff':
      return `account ${checksumAddress(problem.address)} has both 'state' and 'stateDiff'`;
    case 'blockOverrideNotSupported':
      return `block override "${problem.field}" is not supported for this RPC method`;
  }
}

/** geth's JSON decoding wording for a tracer config it cannot use. */
function tracerConfigMessage(problem: TracerConfigProblem): string {
  switch (problem.kind) {
    case 'diffModeWithIncludeEmpty':
      return 'cannot use diffMode with includeEmpty';
    case 'notBoolean':
      return `json: cannot unmarshal ${problem.jsonType} into Go struct field ${problem.goType}.${problem.field} of type bool`;
  }
}

function missingMessage(subject: MissingSubject): string {
  switch (subject.kind) {
    case 'header':
      return 'header not found';
    case 'block': {
      const { block } = subject;
      if (block.kind === 'hash') return `block ${block.hash} not found`;
      return `block #${block.kind === 'number' ? block.number : block.tag} not found`;
    }
    case 'logBlock':
      return 'unknown block';
    case 'transaction':
      return 'transaction not found';
    case 'transactionIndex':
      return `transaction index ${subject.index} out of range for block #${subject.blockNumber}`;
    case 'filter':
      return 'filter not found';
    case 'subscription':
      return 'subscription not found';
  }
}

function transactionRequestMessage(problem: TransactionRequestProblem): string {
  switch (problem.kind) {
    case 'missingFrom':
      return 'from address is required';
    case 'unknownAccount':
      return 'unknown account';
    case 'nonceMax':
      return 'nonce has max value';
    case 'feeCapBelowTip':
      return `maxFeePerGas (${problem.feeCap}) < maxPriorityFeePerGas (${problem.tip})`;
  }
}

function limitMessage(limit: ExceededLimit): string {
  switch (limit.kind) {
    case 'pendingCalls':
      return 'too many pending calls';
    case 'filters':
      return `too many filters installed (limit ${limit.max})`;
    case 'filtersPerClient':
      return `too many filters installed by this client (limit ${limit.max}); uninstall some with eth_uninstallFilter`;
    case 'logBlockRange':
      return `exceed maximum block range: ${limit.max}`;
    case 'logResults':
      return `query returned more than ${limit.max} results`;
  }
}

/** The code, message and data a domain error is answered with; undefined for a kind with no row. */
export function domainErrorToWire(error: DomainError): WireError | undefined {
  const row = DOMAIN_ERROR_TABLE[error.kind] as Row<typeof error.kind> | undefined;
  return row?.(error as never);
}
