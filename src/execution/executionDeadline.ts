/**
 * A wall-time deadline that an execution on this thread honours: the in-process execution lanes'
 * stand-in for terminating a worker (--rpc-evm-timeout).
 */
import type { EVM } from '@ethereumjs/evm';
import { ExecutionTimeoutError } from '../errors/ExecutionTimeoutError.js';
import type { ExecutionVm } from './createExecutionVm.js';
import { opcodeTableOf, wrapOpcodeHandlers } from './opcodeTable.js';

/**
 * When an execution must stop: `at` on performance.now()'s clock, `timeoutMs` for its error.
 * With a {@link ThreadBudget}'s `precompileGasLimit` and `moves`, what it may take of this thread
 * before it is run again elsewhere.
 */
export interface Deadline {
  at: number;
  timeoutMs: number;
  precompileGasLimit?: bigint;
  /** When the execution stops with {@link TimeOverBudget} instead (before `at`), and its budget's `timeMs`. */
  moves?: { at: number; afterMs: number };
  /**
   * A flag another thread may raise (set its element 0 to non-zero) to stop the execution at the
   * next check, with {@link ExecutionStopped}: how a call worker's owner retires it mid-job.
   */
  stop?: Int32Array;
}

/**
 * What an execution on this thread may take of it when a worker can run the job instead
 * (RoutedLanes): a precompile run may need at most `precompileGasLimit` gas, and with `timeMs`
 * the execution may run that long. A job past either is run again in a worker.
 */
export interface ThreadBudget {
  precompileGasLimit: bigint;
  timeMs?: number;
}

/**
 * A deadline `timeoutMs` from now (0: none, as --rpc-evm-timeout 0 means) within `budget`;
 * undefined when there is no time to stop at (then a precompile gas budget alone binds nothing:
 * runPrecompile enforces it only while a deadline runs, as before budgets had a time).
 */
export function deadlineIn(timeoutMs: number, budget?: ThreadBudget): Deadline | undefined {
  const now = performance.now();
  const at = timeoutMs > 0 ? now + timeoutMs : Number.POSITIVE_INFINITY;
  if (at === Number.POSITIVE_INFINITY && budget?.timeMs === undefined) return undefined;
  return {
    at,
    timeoutMs,
    ...(budget === undefined ? {} : { precompileGasLimit: budget.precompileGasLimit }),
    ...(budget?.timeMs === undefined ? {} : { moves: { at: now + budget.timeMs, afterMs: budget.timeMs } }),
  };
}

/**
 * True for the errors a deadline stops an execution with, mid-transaction: the VM it ran on must
 * not be reused (VmPool.use's `discardIf`; see {@link runWithDeadline}).
 */
export function stoppedByDeadline(error: unknown): boolean {
  return error instanceof ExecutionTimeoutError || error instanceof OverThreadBudget || error instanceof ExecutionStopped;
}

/** Thrown out of an execution whose deadline's `stop` flag was raised. Not a domain error: nobody waits for its answer. */
export class ExecutionStopped extends Error {
  constructor() {
    super('the execution was asked to stop');
  }
}

/**
 * Thrown out of an execution on this thread that needed more of it than its {@link ThreadBudget}
 * allows: the job is run again in a worker, which answers it exactly (RoutedLanes). Not a domain
 * error: it never reaches a client.
 */
export class OverThreadBudget extends Error {}

/**
 * A precompile run that needed more gas than the budget's `precompileGasLimit`, or failed when given
 * more: a precompile cannot be stopped once started (one BN254 or BLS12-381 pairing of a thousand
 * pairs runs ~15 s in JavaScript, within the 50M gas cap), so such a job is run where a time-out
 * can end it (a worker thread).
 */
export class PrecompileOverBudget extends OverThreadBudget {
  constructor(readonly gasLimit: bigint) {
    super(`a precompile run needs more than ${gasLimit} gas`);
  }
}

/** An execution still running at the budget's `timeMs`: heavier than this thread takes beside the sub-block grid. */
export class TimeOverBudget extends OverThreadBudget {
  constructor(readonly timeMs: number) {
    super(`the execution runs longer than ${timeMs} ms`);
  }
}

/** What @ethereumjs/evm's runPrecompile answers (the fields read here). */
interface PrecompileResult {
  exceptionError?: unknown;
}

type RunPrecompile = (code: unknown, data: Uint8Array, gasLimit: bigint) => PrecompileResult | Promise<PrecompileResult>;

/** JUMP and JUMPI: the only way back to code a frame has already run. */
const JUMPS = [0x56, 0x57];
/** CREATE, CALL, CALLCODE, DELEGATECALL, CREATE2, STATICCALL: a new frame, perhaps a precompile. */
const FRAMES = [0xf0, 0xf1, 0xf2, 0xf4, 0xf5, 0xfa];
/**
 * The clock is read on every this-many jumps: a jump costs the interpreter well over a
 * microsecond (an awaited step per opcode), so a deadline is overrun by at most a few hundred µs
 * of looping, and the clock's cost vanishes (see the figures in docs/design-choices.md).
 */
const JUMPS_PER_CLOCK_READ = 64;

/** One EVM's deadline, read by the opcodes wrapped in its tables. */
interface DeadlineSlot {
  /** performance.now() past which the running execution stops; Infinity when none runs with a deadline. */
  at: number;
  timeoutMs: number;
  /** Jumps left before the next clock read. */
  jumpsUntilClockRead: number;
  /** The running execution's deadline's `precompileGasLimit`. */
  precompileGasLimit: bigint | undefined;
  /** The running execution's deadline's `moves` (then `at` is no later than its `at`). */
  moves: Deadline['moves'];
  /** The running execution's deadline's `stop` flag. */
  stop: Int32Array | undefined;
}

const slots = new WeakMap<EVM, DeadlineSlot>();
const wrappedTables = new WeakSet<object>();

/**
 * Runs `work` (one or more executions on `execution`'s VM) so that it fails with geth's
 * "execution aborted (timeout = …)" (an ExecutionTimeoutError) once `deadline` has passed.
 *
 * Why here: an in-process execution cannot be pre-empted (it holds the thread; its awaits settle
 * in memory, so no timer fires), and capping its gas would change answers (GAS, the 63/64 rule).
 * But an EVM only runs long by going round: straight-line code is at most a contract's length,
 * and every way to run more goes through a backward jump (JUMP, JUMPI) or a new frame (the CALL
 * and CREATE families; precompiles such as BN254 pairing, MODEXP, BLS12-381 and P256 are reached
 * only so). Those opcodes' handlers are wrapped in the VM's opcode table to check the clock first:
 * on every frame opcode, and every {@link JUMPS_PER_CLOCK_READ} jumps. The check only reads the
 * clock and throws; it never touches gas, stack or state, so an execution that finishes in time
 * answers exactly what it answers unwrapped. A single precompile run is not interrupted: it is
 * bounded by its gas (the call's gas cap), and the check after it stops the loop around it; a
 * deadline's `precompileGasLimit` bounds it further (see budgetPrecompiles).
 *
 * The error is not an EVM error, so the interpreter lets it through every frame and runTx reverts
 * its journal; the VM may still hold what the aborted transaction left mid-way (EIP-1153's
 * transient storage), so the caller must not reuse a VM whose work timed out (VmPool.use's
 * `discardIf`). Tables are wrapped in place (the cached jump analyses hold the same entries),
 * once each; the EVM rebuilds its table when its fork changes, so each new one is wrapped before
 * the work that uses it. A wrapped table costs an EVM without a deadline one comparison per
 * wrapped opcode.
 */
export async function runWithDeadline<T>(execution: ExecutionVm, deadline: Deadline | undefined, work: () => Promise<T>): Promise<T> {
  if (deadline === undefined) return work();
  const evm = execution.vm.evm as EVM;
  const slot = slotOf(evm);
  wrapTable(evm, slot);
  slot.at = deadline.moves === undefined ? deadline.at : Math.min(deadline.at, deadline.moves.at);
  slot.timeoutMs = deadline.timeoutMs;
  slot.jumpsUntilClockRead = JUMPS_PER_CLOCK_READ;
  slot.precompileGasLimit = deadline.precompileGasLimit;
  slot.moves = deadline.moves;
  slot.stop = deadline.stop;
  try {
    return await work();
  } finally {
    slot.at = Number.POSITIVE_INFINITY;
    slot.moves = undefined;
    slot.stop = undefined;
  }
}

function slotOf(evm: EVM): DeadlineSlot {
  let slot = slots.get(evm);
  if (!slot) {
    slot = {
      at: Number.POSITIVE_INFINITY,
      timeoutMs: 0,
      jumpsUntilClockRead: JUMPS_PER_CLOCK_READ,
      precompileGasLimit: undefined,
      moves: undefined,
      stop: undefined,
    };
    slots.set(evm, slot);
    budgetPrecompiles(evm, slot);
  }
  return slot;
}

/**
 * Wraps the EVM's runPrecompile (once per EVM; every precompile run, at any depth, goes through
 * it): while a deadline with a `precompileGasLimit` runs, a run given more gas than that is made
 * with that much instead. Every precompile computes its gas from its input and answers "out of
 * gas" before it starts its work when given less, and its answer does not otherwise depend on
 * the gas it is given, except that a failure uses all of it: so a run that succeeds within the
 * budget is the answer, and one that fails (short of gas or not) throws PrecompileOverBudget.
 */
function budgetPrecompiles(evm: EVM, slot: DeadlineSlot): void {
  const target = evm as unknown as { runPrecompile: RunPrecompile };
  const run = target.runPrecompile.bind(evm) as RunPrecompile;
  target.runPrecompile = (code, data, gasLimit) => {
    const budget = slot.precompileGasLimit;
    if (slot.at === Number.POSITIVE_INFINITY || budget === undefined || gasLimit <= budget) return run(code, data, gasLimit);
    const checked = (result: PrecompileResult) => {
      if (result.exceptionError !== undefined) throw new PrecompileOverBudget(budget);
      return result;
    };
    const result = run(code, data, budget);
    return result instanceof Promise ? result.then(checked) : checked(result);
  };
}

function wrapTable(evm: EVM, slot: DeadlineSlot): void {
  const table = opcodeTableOf(evm);
  if (!table || wrappedTables.has(table)) return;
  wrappedTables.add(table);
  const stopRaised = (): boolean => slot.stop !== undefined && Atomics.load(slot.stop, 0) !== 0;
  const expire = (): never => {
    if (stopRaised()) throw new ExecutionStopped();
    if (slot.moves !== undefined && slot.moves.at <= slot.at) throw new TimeOverBudget(slot.moves.afterMs);
    throw new ExecutionTimeoutError('call', slot.timeoutMs);
  };
  const due = (): boolean => performance.now() > slot.at || stopRaised();
  // Fixed arity, not rest parameters: these run on every jump and call.
  const wrapped = wrapOpcodeHandlers(table, JUMPS, (handle) => (runState, common) => {
    if (--slot.jumpsUntilClockRead <= 0) {
      slot.jumpsUntilClockRead = JUMPS_PER_CLOCK_READ;
      if (due()) expire();
    }
    return handle(runState, common);
  });
  wrapOpcodeHandlers(
    table,
    FRAMES,
    (handle) => (runState, common) => {
      if (due()) expire();
      return handle(runState, common);
    },
    wrapped,
  );
}
