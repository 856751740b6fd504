import { getHeapStatistics } from 'node:v8';
import { EVMError, type EVMResult, type InterpreterStep, type Message } from '@ethereumjs/evm';
import type { TypedTransaction } from '@ethereumjs/tx';
import { bigIntToBytes, eoaCode7702RecoverAuthority, generateAddress } from '@ethereumjs/util';
import type { RunTxResult } from '@ethereumjs/vm';
import { ExecutionMemoryExceededError } from '../../errors/ExecutionMemoryExceededError.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import type { StateReader } from '../StateReader.js';
import { evmErrorToGethMessage } from '../vmErrors.js';
import type { ExecutionTracer, FrameType, TxStart } from './ExecutionTracer.js';
import { gethOpcodeName, isCallOpcode, OP } from './opcodeNames.js';

/** How long a traced execution may hold the event loop before it lets the sequencer and RPC run. */
const YIELD_EVERY_MS = 10;

const EMPTY = new Uint8Array(0);
const ERROR = EVMError.errorMessages;

/** Thrown inside the EVM when a trace passes its deadline; {@link AttachedTracer.timedOut} tells it apart. */
class TraceDeadlineExceeded extends Error {}

/** Options of {@link attachTracer}. */
export interface AttachOptions {
  /** performance.now() after which execution is aborted (geth's "execution timeout"). */
  deadline: number;
  /** The state before the transaction (for the tracers' pre-state reads). */
  pre: StateReader;
  /** The block's fee recipient, unprefixed hex. */
  coinbase: string;
  /** Index in the block of the transaction's first log. */
  firstLogIndex: number;
  /**
   * The heap bound of the thread running the trace, in MiB (an execution worker's): past
   * {@link HEAP_GUARD_SHARE} of it the trace fails with an ExecutionMemoryExceededError, before
   * the thread runs out of memory and spends its last seconds collecting garbage.
   */
  heapLimitMiB?: number;
}

/** The share of the heap bound a trace may fill before it is stopped (the rest is room for its answer's JSON). */
export const HEAP_GUARD_SHARE = 0.75;

/** A tracer attached to a VM until {@link detach}. */
export interface AttachedTracer {
  detach(): void;
  /** True when execution was aborted because the deadline passed. */
  readonly timedOut: boolean;
}

interface Frame {
  type: FrameType;
  /** Logs emitted before the frame started: the index to return to if it fails (geth's journal does the same). */
  logIndexAtEntry: number;
  /** The frame's last opcode, if it ran any: the kind of call a child frame is, and the step a fault belongs to. */
  lastOp?: { code: number; name: string };
  /** Return data of the frame's last call (geth's interpreter returnData). */
  returnData: Uint8Array;
}

/**
 * Feeds one VM's executions to `tracer` as geth's tracing hooks, until detached. Translates
 * @ethereumjs/evm's events (beforeTx/afterTx on the VM; beforeMessage, step and afterMessage on
 * the EVM) into geth's view: call frame types from the opcode that opened them, DELEGATECALL
 * frames from the delegating contract to the code's address, the cost of CALL-family opcodes
 * including the gas they forward, 1-based struct-log depths, block-level log indices, and
 * errors worded as geth words them.
 *
 * Every step checks the deadline (aborting the execution with an error once passed) and, every
 * {@link YIELD_EVERY_MS}, checks the heap bound when one is given (in an execution worker) and
 * yields to the event loop (in-process test chains trace on the main thread, where a long trace
 * must not hold back pre-confirmations).
 */
export function attachTracer(execution: ExecutionVm, tracer: ExecutionTracer, options: AttachOptions): AttachedTracer {
  const { vm } = execution;
  const evm = vm.evm.events;
  if (!evm) throw new Error('the EVM does not emit events');
  const live = execution.state.asReader();
  const frames: Frame[] = [];
  let txStart: TxStart | undefined;
  let logIndex = options.firstLogIndex;
  let lastYield = performance.now();
  let timedOut = false;

  const beforeTx = (transaction: TypedTransaction) => {
    const from = hex(transaction.getSenderAddress().bytes);
    const isCreate = transaction.to === undefined;
    const nonce = options.pre.account(from)?.nonce ?? 0n;
    txStart = {
      from,
      to: isCreate ? hex(generateAddress(Buffer.from(from, 'hex'), bigIntToBytes(nonce))) : hex(transaction.to!.bytes),
      isCreate,
      gasLimit: transaction.gasLimit,
      value: transaction.value,
      input: transaction.data,
      coinbase: options.coinbase,
      authorities: authoritiesOf(transaction),
      pre: options.pre,
      live,
    };
    tracer.onTxStart?.(txStart);
  };

  const beforeMessage = (message: Message) => {
    const parent = frames.at(-1);
    const type = message.depth === 0 || !parent ? (message.to ? 'CALL' : 'CREATE') : frameTypeOf(parent.lastOp?.code, message);
    const caller = hex(message.caller.bytes);
    let from = caller;
    let to: string | undefined;
    if (type === 'DELEGATECALL') {
      from = hex(message.to!.bytes);
      to = hex(message.codeAddress.bytes);
    } else if (type === 'CALLCODE') to = hex(message.codeAddress.bytes);
    else if (type === 'CREATE' || type === 'CREATE2') to = message.depth === 0 ? txStart?.to : undefined;
    else to = hex(message.to!.bytes);
    frames.push({ type, logIndexAtEntry: logIndex, returnData: EMPTY });
    tracer.onEnter?.({
      depth: message.depth,
      type,
      from,
      to,
      // A copy: the EVM passes a CALL's input as a view of the caller's memory, which the call's
      // return data (written where solc put the input) overwrites before a tracer reports it.
      input: message.data.slice(),
      gas: message.gasLimit,
      value: type === 'STATICCALL' ? undefined : message.value,
    });
  };

  // Two parameters: the EVM then waits for `next`, which lets a step yield to the event loop.
  const step = (event: InterpreterStep, next?: () => void) => {
    const now = performance.now();
    if (now > options.deadline) {
      timedOut = true;
      throw new TraceDeadlineExceeded('execution timeout');
    }
    const frame = frames.at(-1);
    const code = event.opcode.code;
    const name = gethOpcodeName(code, event.opcode.name);
    if (frame) frame.lastOp = { code, name };
    const stack = event.stack;
    let cost = event.opcode.dynamicFee ?? BigInt(event.opcode.fee);
    if (isCallOpcode(code) && stack.length > 0) cost += forwardedGas(stack[stack.length - 1]!, event.gasLeft - cost);
    const address = hex(event.address.bytes);
    tracer.onOpcode?.({
      pc: event.pc,
      op: code,
      name,
      gas: event.gasLeft,
      cost,
      depth: event.depth + 1,
      stack,
      memory: event.memory,
      address,
      refund: event.gasRefund,
      returnData: frame?.returnData ?? EMPTY,
    });
    // A LOG that cannot pay for itself fails before it logs (and fails its frame).
    if (code >= OP.LOG0 && code <= OP.LOG4 && stack.length >= 2 + code - OP.LOG0 && event.gasLeft >= cost) {
      const top = stack.length - 1;
      const topics = Array.from({ length: code - OP.LOG0 }, (_, index) => word(stack[top - 2 - index]!));
      tracer.onLog?.({ address, topics, data: memorySlice(event.memory, stack[top]!, stack[top - 1]!), index: logIndex++ });
    }
    if (now - lastYield >= YIELD_EVERY_MS) {
      lastYield = now;
      if (options.heapLimitMiB !== undefined && getHeapStatistics().used_heap_size > options.heapLimitMiB * HEAP_GUARD_SHARE * 1024 * 1024) {
        throw new ExecutionMemoryExceededError('trace', options.heapLimitMiB);
      }
      setImmediate(() => next?.());
    } else next?.();
  };

  const afterMessage = (result: EVMResult) => {
    const frame = frames.pop();
    const depth = frames.length;
    const { exceptionError, executionGasUsed, returnValue } = result.execResult;
    const failure = exceptionError === undefined ? undefined : String(exceptionError.error);
    if (failure !== undefined && frame?.lastOp && faultsBeforeExecuting(failure)) tracer.onOpcodeFault?.(depth + 1, frameError(failure, frame));
    if (failure !== undefined) logIndex = frame?.logIndexAtEntry ?? logIndex;
    const parent = frames.at(-1);
    if (parent) parent.returnData = failure === undefined && isCreate(frame) ? EMPTY : failure === undefined || failure === ERROR.REVERT ? returnValue : EMPTY;
    tracer.onExit?.({
      depth,
      output: returnValue,
      gasUsed: executionGasUsed,
      ...(failure === undefined ? {} : { error: frameError(failure, frame) }),
      ...(result.createdAddress ? { createdAddress: hex(result.createdAddress.bytes) } : {}),
    });
  };

  const afterTx = (result: RunTxResult) => {
    const failure = result.execResult.exceptionError;
    tracer.onTxEnd?.({
      gasUsed: result.totalGasSpent,
      output: result.execResult.returnValue,
      ...(failure === undefined ? {} : { error: evmErrorToGethMessage(String(failure.error)) }),
      post: live,
    });
  };

  vm.events.on('beforeTx', beforeTx);
  vm.events.on('afterTx', afterTx);
  evm.on('beforeMessage', beforeMessage);
  evm.on('step', step);
  evm.on('afterMessage', afterMessage);
  return {
    detach() {
      vm.events.off('beforeTx', beforeTx);
      vm.events.off('afterTx', afterTx);
      evm.off('beforeMessage', beforeMessage);
      evm.off('step', step);
      evm.off('afterMessage', afterMessage);
    },
    get timedOut() {
      return timedOut;
    },
  };
}

/** The type of a frame opened by `opcode` (the parent's last opcode). */
function frameTypeOf(opcode: number | undefined, message: Message): FrameType {
  switch (opcode) {
    case OP.CALL:
      return 'CALL';
    case OP.CALLCODE:
      return 'CALLCODE';
    case OP.DELEGATECALL:
      return 'DELEGATECALL';
    case OP.STATICCALL:
      return 'STATICCALL';
    case OP.CREATE2:
      return 'CREATE2';
    case OP.CREATE:
      return 'CREATE';
    default:
      return message.to ? 'CALL' : 'CREATE';
  }
}

function isCreate(frame: Frame | undefined): boolean {
  return frame?.type === 'CREATE' || frame?.type === 'CREATE2';
}

/**
 * The gas a CALL-family opcode hands its callee (EIP-150: at most all but 1/64 of what is left
 * after the opcode's own cost), which geth includes in the opcode's cost.
 */
function forwardedGas(requested: bigint, available: bigint): bigint {
  if (available <= 0n) return 0n;
  const allowed = available - available / 64n;
  return requested < allowed ? requested : allowed;
}

/** Failures geth detects before running an opcode, reporting them on that opcode's struct log entry. */
function faultsBeforeExecuting(failure: string): boolean {
  return failure === ERROR.OUT_OF_GAS || failure === ERROR.STACK_UNDERFLOW || failure === ERROR.STACK_OVERFLOW;
}

/** geth's error text for a failed frame (core/vm/errors.go). */
function frameError(failure: string, frame: Frame | undefined): string {
  if (failure === ERROR.CODESTORE_OUT_OF_GAS) return 'contract creation code storage out of gas';
  if (failure === ERROR.INVALID_OPCODE && frame?.lastOp) return `invalid opcode: ${frame.lastOp.name}`;
  return evmErrorToGethMessage(failure);
}

/** The addresses that sign an EIP-7702 transaction's authorizations (unrecoverable ones skipped). */
function authoritiesOf(transaction: TypedTransaction): string[] {
  const list = (transaction as { authorizationList?: Parameters<typeof eoaCode7702RecoverAuthority>[0][] }).authorizationList;
  if (!list) return [];
  const authorities: string[] = [];
  for (const item of list) {
    try {
      authorities.push(hex(eoaCode7702RecoverAuthority(item).bytes));
    } catch {
      // geth skips authorizations whose signature does not recover.
    }
  }
  return authorities;
}

/** Larger log data cannot be paid for within any gas limit (memory costs grow quadratically). */
const MAX_LOG_DATA = 64n * 1024n * 1024n;

/** `size` bytes of memory at `offset`, zero beyond what the frame has touched. */
function memorySlice(memory: Uint8Array, offset: bigint, size: bigint): Uint8Array {
  if (size > MAX_LOG_DATA || offset > MAX_LOG_DATA) return EMPTY;
  const out = new Uint8Array(Number(size));
  const start = Number(offset);
  if (start < memory.length) out.set(memory.subarray(start, Math.min(memory.length, start + out.length)));
  return out;
}

function word(value: bigint): Uint8Array {
  return Buffer.from(value.toString(16).padStart(64, '0'), 'hex');
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
