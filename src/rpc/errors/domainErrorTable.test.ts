import { describe, expect, it } from 'vitest';
import { CallWorkerFailedError } from '../../errors/CallWorkerFailedError.js';
import type { DomainError } from '../../errors/DomainError.js';
import { Erc20SlotNotFoundError } from '../../errors/Erc20SlotNotFoundError.js';
import { ExecutionFailedError } from '../../errors/ExecutionFailedError.js';
import { ExecutionMemoryExceededError } from '../../errors/ExecutionMemoryExceededError.js';
import { ExecutionRevertedError } from '../../errors/ExecutionRevertedError.js';
import { ExecutionTimeoutError } from '../../errors/ExecutionTimeoutError.js';
import { FleetLogUnavailableError } from '../../errors/FleetLogUnavailableError.js';
import { FleetUnsupportedError } from '../../errors/FleetUnsupportedError.js';
import { ForkProofUnavailableError } from '../../errors/ForkProofUnavailableError.js';
import { ForkRemoteError } from '../../errors/ForkRemoteError.js';
import { GasAllowanceExceededError } from '../../errors/GasAllowanceExceededError.js';
import { GenesisNotTraceableError } from '../../errors/GenesisNotTraceableError.js';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import { InvalidCallError } from '../../errors/InvalidCallError.js';
import { InvalidOverrideError } from '../../errors/InvalidOverrideError.js';
import { InvalidTracerConfigError } from '../../errors/InvalidTracerConfigError.js';
import { InvalidTransactionRequestError } from '../../errors/InvalidTransactionRequestError.js';
import { LimitExceededError } from '../../errors/LimitExceededError.js';
import { MinedTransactionFailedError } from '../../errors/MinedTransactionFailedError.js';
import { NodeShuttingDownError } from '../../errors/NodeShuttingDownError.js';
import { NotFoundError } from '../../errors/NotFoundError.js';
import { NotLeadingError } from '../../errors/NotLeadingError.js';
import { SendSyncTimeoutError } from '../../errors/SendSyncTimeoutError.js';
import { SimulationError } from '../../errors/SimulationError.js';
import { StorageUnavailableError } from '../../errors/StorageUnavailableError.js';
import { StructLogTooLargeError } from '../../errors/StructLogTooLargeError.js';
import { TracerNotFoundError } from '../../errors/TracerNotFoundError.js';
import { TracingFailedError } from '../../errors/TracingFailedError.js';
import { TransactionRejectedError } from '../../errors/TransactionRejectedError.js';
import { toJsonRpcError } from './toJsonRpcError.js';

type Case = { error: DomainError; code: number; message: string; data?: unknown };

const ADDRESS = '0x00000000000000000000000000000000000d0a11';
const HASH = `0x${'ab'.repeat(32)}` as const;
const REVERT = Uint8Array.from([0xde, 0xad]);

/** Cases per kind of domain error (the type requires every kind), with what a client receives. */
const CASES: { [K in DomainError['kind']]: Case[] } = {
  transactionRejected: [{ error: new TransactionRejectedError({ kind: 'alreadyKnown' }), code: -32000, message: 'already known' }],
  minedTransactionFailed: [
    {
      error: new MinedTransactionFailedError(HASH, 'execution reverted', REVERT),
      code: -32000,
      message: 'execution reverted',
      data: { txHash: HASH, data: '0xdead' },
    },
  ],
  executionReverted: [
    { error: new ExecutionRevertedError({ returnData: REVERT, operation: 'call' }), code: 3, message: 'execution reverted', data: '0xdead' },
    {
      error: new ExecutionRevertedError({ returnData: REVERT, reason: 'nope', operation: 'call' }),
      code: 3,
      message: 'execution reverted: nope',
      data: '0xdead',
    },
    {
      error: new ExecutionRevertedError({ returnData: REVERT, reason: 'assert(false)', operation: 'estimateGas' }),
      code: -32000,
      message: 'execution reverted: assert(false)',
      data: '0xdead',
    },
  ],
  executionFailed: [{ error: new ExecutionFailedError('invalid opcode'), code: -32000, message: 'invalid opcode' }],
  simulation: [
    {
      error: new SimulationError({
        kind: 'invalidMessage',
        rejection: { kind: 'insufficientFunds', address: '0xc000000000000000000000000000000000000000', balance: 0n, cost: 1000n },
        suppliedGas: 50_000_000n,
      }),
      code: -38014,
      message: 'err: insufficient funds for gas * price + value: address 0xC000000000000000000000000000000000000000 have 0 want 1000 (supplied gas 50000000)',
    },
    {
      error: new SimulationError({
        kind: 'invalidMessage',
        rejection: { kind: 'nonceTooLow', address: '0xc000000000000000000000000000000000000000', transactionNonce: 0n, stateNonce: 1n },
        suppliedGas: 21_000n,
      }),
      code: -38010,
      message: 'err: nonce too low: address 0xC000000000000000000000000000000000000000, tx: 0 state: 1 (supplied gas 21000)',
    },
    { error: new SimulationError({ kind: 'blockNumberOrder', number: 2n, previous: 3n }), code: -38020, message: 'block numbers must be in order: 2 <= 3' },
    { error: new SimulationError({ kind: 'tooManyBlocks' }), code: -38026, message: 'too many blocks' },
    { error: new SimulationError({ kind: 'emptyInput' }), code: -32602, message: 'empty input' },
    {
      error: new SimulationError({
        kind: 'invalidBlockTransaction',
        rejection: { kind: 'nonceTooHigh', address: '0x16c57edf7fa9d9525378b0b81bf8a3ced0620c1c', transactionNonce: 999n, stateNonce: 0n },
      }),
      code: -32000,
      message: 'nonce too high: address 0x16c57eDF7Fa9D9525378B0b81Bf8A3cEd0620C1c, tx: 999 state: 0',
    },
  ],
  invalidOverride: [
    {
      error: new InvalidOverrideError({ kind: 'notPrecompile', address: '0xc000000000000000000000000000000000000000' }),
      code: -32000,
      message: 'account 0xC000000000000000000000000000000000000000 is not a precompile',
    },
    {
      error: new InvalidOverrideError({ kind: 'targetOverridden', address: '0xc000000000000000000000000000000000000000' }),
      code: -32000,
      message: 'account 0xC000000000000000000000000000000000000000 is already overridden',
    },
    {
      error: new InvalidOverrideError({ kind: 'overriddenByPrecompile', address: '0xc000000000000000000000000000000000000000' }),
      code: -32000,
      message: 'account 0xC000000000000000000000000000000000000000 has already been overridden by a precompile',
    },
    {
      error: new InvalidOverrideError({ kind: 'stateAndStateDiff', address: '0xc000000000000000000000000000000000000000' }),
      code: -32000,
      message: "account 0xC000000000000000000000000000000000000000 has both 'state' and 'stateDiff'",
    },
    {
      error: new InvalidOverrideError({ kind: 'blockOverrideNotSupported', field: 'beaconRoot' }),
      code: -32000,
      message: 'block override "beaconRoot" is not supported for this RPC method',
    },
  ],
  gasAllowanceExceeded: [{ error: new GasAllowanceExceededError(100_000n), code: -32000, message: 'gas required exceeds allowance (100000)' }],
  invalidCall: [
    {
      error: new InvalidCallError({ kind: 'insufficientFunds', shortfall: { address: ADDRESS, balance: 1n, cost: 2n } }, 'call'),
      code: -32000,
      message: `insufficient funds for gas * price + value: address ${ADDRESS} have 1 want 2`,
    },
    { error: new InvalidCallError({ kind: 'insufficientFunds' }, 'estimateGas'), code: -32000, message: 'insufficient funds for gas * price + value' },
    {
      error: new InvalidCallError({ kind: 'feeCapTooLow', detail: { address: ADDRESS, feeCap: 1n, baseFee: 7n } }, 'call'),
      code: -32000,
      message: `max fee per gas less than block base fee: address ${ADDRESS}, maxFeePerGas: 1, baseFee: 7`,
    },
    { error: new InvalidCallError({ kind: 'insufficientFundsForTransfer' }, 'estimateGas'), code: -32000, message: 'insufficient funds for transfer' },
    {
      error: new InvalidCallError({ kind: 'intrinsicGasTooLow', detail: { gas: 20_000n, minimum: 21_000n } }, 'estimateGas'),
      code: -32000,
      message: 'intrinsic gas too low: gas 20000, minimum needed 21000',
    },
    { error: new InvalidCallError({ kind: 'nonceTooLow' }, 'call'), code: -32000, message: 'nonce too low' },
    { error: new InvalidCallError({ kind: 'gasLimitExceeded' }, 'call'), code: -32000, message: 'exceeds block gas limit' },
    { error: new InvalidCallError({ kind: 'senderNotEoa' }, 'call'), code: -32000, message: 'sender not an eoa' },
    { error: new InvalidCallError({ kind: 'unrecognized', message: 'something else' }, 'call'), code: -32000, message: 'something else' },
    {
      error: new InvalidCallError({ kind: 'insufficientGasForAuthorizations' }, 'createAccessList'),
      code: -32000,
      message: 'failed to apply transaction: insufficient gas to process all authorizations',
    },
    {
      error: new InvalidCallError({ kind: 'feeCapTooLow' }, 'createAccessList'),
      code: -32000,
      message: 'failed to apply transaction: max fee per gas less than block base fee',
    },
    {
      error: new InvalidCallError({ kind: 'intrinsicGasTooLow' }, 'traceCall'),
      code: -32000,
      message: 'tracing failed: intrinsic gas too low',
    },
  ],
  executionTimeout: [
    { error: new ExecutionTimeoutError('call', 5000), code: -32000, message: 'execution aborted (timeout = 5s)' },
    { error: new ExecutionTimeoutError('call', 300), code: -32000, message: 'execution aborted (timeout = 300ms)' },
    { error: new ExecutionTimeoutError('trace', 5000), code: -32000, message: 'execution timeout' },
  ],
  tracerNotFound: [{ error: new TracerNotFoundError('nonsenseTracer'), code: -32000, message: 'tracer not found' }],
  invalidTracerConfig: [
    { error: new InvalidTracerConfigError({ kind: 'diffModeWithIncludeEmpty' }), code: -32000, message: 'cannot use diffMode with includeEmpty' },
    {
      error: new InvalidTracerConfigError({ kind: 'notBoolean', goType: 'callTracerConfig', field: 'onlyTopCall', jsonType: 'string' }),
      code: -32000,
      message: 'json: cannot unmarshal string into Go struct field callTracerConfig.onlyTopCall of type bool',
    },
  ],
  structLogTooLarge: [
    {
      error: new StructLogTooLargeError(256 * 1024 * 1024),
      code: -32000,
      message: 'struct log exceeds 256 MiB; narrow it with "limit", "disableStack", "disableStorage" or use a tracer',
    },
  ],
  tracingFailed: [{ error: new TracingFailedError(new Error('invalid nonce')), code: -32000, message: 'tracing failed: invalid nonce' }],
  callWorkerFailed: [
    { error: new CallWorkerFailedError('failed', new Error('boom')), code: -32000, message: 'call worker failed' },
    { error: new CallWorkerFailedError('exited'), code: -32000, message: 'call worker exited' },
  ],
  forkRemote: [
    {
      error: new ForkRemoteError('https://eth.example/…', 'eth_getStorageAt', 'HTTP 429 (after 6 attempts)'),
      code: -32000,
      message: 'fork remote https://eth.example/… failed eth_getStorageAt: HTTP 429 (after 6 attempts)',
    },
  ],
  executionMemoryExceeded: [
    { error: new ExecutionMemoryExceededError('trace', 512), code: -32000, message: 'trace exceeds the memory limit of 512 MiB' },
    { error: new ExecutionMemoryExceededError('call', 512), code: -32000, message: 'execution exceeds the memory limit of 512 MiB' },
  ],
  notFound: [
    { error: new NotFoundError({ kind: 'header' }), code: -32000, message: 'header not found' },
    { error: new NotFoundError({ kind: 'block', block: { kind: 'hash', hash: HASH } }), code: -32000, message: `block ${HASH} not found` },
    { error: new NotFoundError({ kind: 'block', block: { kind: 'number', number: 9n } }), code: -32000, message: 'block #9 not found' },
    { error: new NotFoundError({ kind: 'block', block: { kind: 'tag', tag: 'pending' } }), code: -32000, message: 'block #pending not found' },
    { error: new NotFoundError({ kind: 'logBlock' }), code: -32000, message: 'unknown block' },
    { error: new NotFoundError({ kind: 'transaction' }), code: -32000, message: 'transaction not found' },
    {
      error: new NotFoundError({ kind: 'transactionIndex', index: 4, blockNumber: 2 }),
      code: -32000,
      message: 'transaction index 4 out of range for block #2',
    },
    { error: new NotFoundError({ kind: 'filter' }), code: -32000, message: 'filter not found' },
    { error: new NotFoundError({ kind: 'subscription' }), code: -32000, message: 'subscription not found' },
  ],
  genesisNotTraceable: [{ error: new GenesisNotTraceableError(), code: -32000, message: 'genesis is not traceable' }],
  invalidArgument: [
    {
      error: new InvalidArgumentError('timeout 40000 ms exceeds the maximum of 30000 ms', 1),
      code: -32602,
      message: 'invalid argument 1: timeout 40000 ms exceeds the maximum of 30000 ms',
    },
    { error: new InvalidArgumentError('invalid block range params'), code: -32602, message: 'invalid block range params' },
  ],
  invalidTransactionRequest: [
    { error: new InvalidTransactionRequestError({ kind: 'missingFrom' }), code: -32000, message: 'from address is required' },
    { error: new InvalidTransactionRequestError({ kind: 'unknownAccount' }), code: -32000, message: 'unknown account' },
    { error: new InvalidTransactionRequestError({ kind: 'nonceMax' }), code: -32000, message: 'nonce has max value' },
    {
      error: new InvalidTransactionRequestError({ kind: 'feeCapBelowTip', feeCap: 1n, tip: 2n }),
      code: -32000,
      message: 'maxFeePerGas (1) < maxPriorityFeePerGas (2)',
    },
  ],
  limitExceeded: [
    { error: new LimitExceededError({ kind: 'pendingCalls' }), code: -32005, message: 'too many pending calls' },
    { error: new LimitExceededError({ kind: 'filters', max: 10_000 }), code: -32005, message: 'too many filters installed (limit 10000)' },
    {
      error: new LimitExceededError({ kind: 'filtersPerClient', max: 250 }),
      code: -32005,
      message: 'too many filters installed by this client (limit 250); uninstall some with eth_uninstallFilter',
    },
    { error: new LimitExceededError({ kind: 'logBlockRange', max: 10_000 }), code: -32005, message: 'exceed maximum block range: 10000' },
    { error: new LimitExceededError({ kind: 'logResults', max: 10_000 }), code: -32005, message: 'query returned more than 10000 results' },
  ],
  sendSyncTimeout: [
    {
      error: new SendSyncTimeoutError(HASH, 5000),
      code: 4,
      message: `transaction ${HASH} was accepted but not pre-confirmed within 5000 ms`,
      data: HASH,
    },
  ],
  nodeShuttingDown: [{ error: new NodeShuttingDownError(), code: -32000, message: 'node is shutting down' }],
  storageUnavailable: [
    {
      error: new StorageUnavailableError({ kind: 'noSpace' }, { directory: '/var/lib/sequin', freeBytes: 0 }),
      code: -32000,
      message: 'storage unavailable: no space left on device; the node accepts no writes until its storage recovers',
    },
    {
      error: new StorageUnavailableError({ kind: 'writeFailed', code: 'EIO' }),
      code: -32000,
      message: 'storage unavailable: write failed (EIO); the node accepts no writes until its storage recovers',
    },
  ],
  erc20SlotNotFound: [
    { error: new Erc20SlotNotFoundError('balance'), code: -32000, message: 'Unable to set ERC20 balance, no slot found' },
    { error: new Erc20SlotNotFoundError('allowance'), code: -32000, message: 'Unable to set ERC20 allowance, no slot found' },
  ],
  fleetUnsupported: [
    {
      error: new FleetUnsupportedError('rewind'),
      code: -32000,
      message:
        'chain rewinds (evm_revert, anvil_rollback, anvil_reset) are not supported on a NATS fleet (--nats): replicas and standbys follow the sequencer log, which does not carry rewinds',
    },
  ],
  fleetLogUnavailable: [
    {
      error: new FleetLogUnavailableError(10_000, 'TimeoutError: timeout'),
      code: -32000,
      message:
        'sequencer log unavailable: no append was acknowledged within 10 s (the NATS cluster lost a server or is electing a leader); the outcome is unknown, send again',
    },
  ],
  notLeading: [
    {
      error: new NotLeadingError('another sequencer appended to the log'),
      code: -32000,
      message: "this node does not sequence the fleet's log now (it follows, or another sequencer took over); nothing was accepted here, send again",
    },
  ],
  forkProofUnavailable: [
    {
      error: new ForkProofUnavailableError('0x00000000000000000000000000000000000000aa', '0x02', 21n),
      code: -32000,
      message:
        "cannot prove slot 0x02 of 0x00000000000000000000000000000000000000aa above the fork block 21: its value comes from the remote, and this chain's state roots cover only what it wrote; ask for a proof at block 21 or below",
    },
    {
      error: new ForkProofUnavailableError('0x00000000000000000000000000000000000000aa', undefined, 21n),
      code: -32000,
      message:
        "cannot prove account 0x00000000000000000000000000000000000000aa above the fork block 21: its value comes from the remote, and this chain's state roots cover only what it wrote; ask for a proof at block 21 or below",
    },
  ],
};

describe('the RPC edge answers each domain error as its table row says', () => {
  const cases = Object.entries(CASES).flatMap(([kind, kindCases]) => kindCases.map((each) => ({ kind, ...each })));

  it.each(cases)('$kind → $code $message', ({ kind, error, code, message, data }) => {
    expect(error.kind).toBe(kind);
    const wire = toJsonRpcError(error);
    expect({ code: wire.code, message: wire.message, data: wire.data }).toEqual({ code, message, data });
  });

  it('has at least one case for every kind', () => {
    for (const [kind, cases] of Object.entries(CASES)) expect(cases.length, kind).toBeGreaterThan(0);
  });
});
