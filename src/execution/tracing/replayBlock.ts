import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Common } from '@ethereumjs/common';
import { ExecutionTimeoutError } from '../../errors/ExecutionTimeoutError.js';
import { SequinError } from '../../errors/SequinError.js';
import { TracingFailedError } from '../../errors/TracingFailedError.js';
import { type BlockEnvironment, toExecutionBlock } from '../BlockEnvironment.js';
import { BlockRun } from '../block/BlockRun.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import { NO_KEPT_STATE_ROOTS } from '../FlatStateManager.js';
import { decodeStoredTransaction } from '../impersonatedTransaction.js';
import { OverlayStateReader } from '../OverlayStateReader.js';
import { emptyStateChanges, mergeStateChanges, type StateChanges } from '../StateChanges.js';
import type { StateReader } from '../StateReader.js';
import { attachTracer } from './attachTracer.js';
import { createTracer } from './createTracer.js';
import type { TraceConfig } from './TraceConfig.js';

/** Untraced transactions replayed between yields to the event loop. */
const YIELD_EVERY_TRANSACTIONS = 16;

/** A transaction of a block to re-execute: its bytes and sender (the sender of an impersonated transaction is not in its signature). */
export interface ReplayedTransaction {
  raw: Uint8Array;
  from: Uint8Array;
}

/** A block to re-execute: its parent's state, its environment and its transactions in order. */
export interface BlockReplay {
  common: Common;
  /** A VM borrowed for the whole replay. */
  execution: ExecutionVm;
  /** The state after the parent block. */
  parentState: StateReader;
  environment: BlockEnvironment;
  /** The block's transactions, from the first up to the last one needed. */
  transactions: ReplayedTransaction[];
  /** The block's state edits (dev methods), each applied before the transaction at its position. */
  stateEdits: ReplayedStateEdit[];
}

/** A state edit of a block to re-execute: its writes, and how many of the block's transactions precede it. */
export interface ReplayedStateEdit {
  afterTransactions: number;
  changes: StateChanges;
}

/**
 * Traces the block's transactions from index `firstTraced` on, each on the exact state it ran
 * on: the parent's state plus the block's earlier transactions, which are re-executed first
 * (untraced, as geth's StateAtTransaction does). Returns one tracer result per traced
 * transaction. Each traced transaction has its own wall-time limit (`config.timeoutMs`); past it
 * the trace fails with geth's "execution timeout".
 */
export async function traceBlockTransactions(block: BlockReplay, firstTraced: number, config: TraceConfig): Promise<unknown[]> {
  createTracer(config); // An unknown tracer fails before any work.
  const { common, execution, parentState, environment } = block;
  const executionBlock = toExecutionBlock(common, environment);
  const coinbase = Buffer.from(environment.coinbase).toString('hex');
  const applied = emptyStateChanges();
  const run = await startReplay(execution, parentState, executionBlock);
  const results: unknown[] = [];
  for (const [index, { raw, from }] of block.transactions.entries()) {
    applyStateEditsBefore(block, index, execution);
    const transaction = decodeStoredTransaction(raw, from, executionBlock.common);
    if (index < firstTraced) {
      await run.applyTransaction(transaction, { raw, evmOnly: true });
      if (index % YIELD_EVERY_TRANSACTIONS === YIELD_EVERY_TRANSACTIONS - 1) await yieldToEventLoop();
      continue;
    }
    // Freeze the state before this transaction, for tracers that report pre-state values.
    mergeStateChanges(applied, execution.state.takeChanges());
    const pre = new OverlayStateReader(parentState, applied);
    execution.state.reset(pre);
    execution.state.computeStateRootsWith(NO_KEPT_STATE_ROOTS);
    const tracer = createTracer(config);
    const attached = attachTracer(execution, tracer, {
      deadline: performance.now() + config.timeoutMs,
      pre,
      coinbase,
      firstLogIndex: run.fold.logCount,
      ...(config.heapLimitMiB === undefined ? {} : { heapLimitMiB: config.heapLimitMiB }),
    });
    try {
      await run.applyTransaction(transaction, { raw, evmOnly: true });
    } catch (error) {
      throw traceFailure(error, attached.timedOut, config.timeoutMs);
    } finally {
      attached.detach();
    }
    results.push(tracer.result());
  }
  return results;
}

/**
 * The state after the block's first `count` transactions (all of `block.transactions` when
 * omitted), for debug_traceCall's `txIndex`. The result is a snapshot: the VM may be reused.
 */
export async function stateAfterTransactions(block: BlockReplay, count = block.transactions.length): Promise<StateReader> {
  const { common, execution, parentState, environment } = block;
  const executionBlock = toExecutionBlock(common, environment);
  const run = await startReplay(execution, parentState, executionBlock);
  for (const [index, { raw, from }] of block.transactions.slice(0, count).entries()) {
    applyStateEditsBefore(block, index, execution);
    await run.applyTransaction(decodeStoredTransaction(raw, from, executionBlock.common), { raw, evmOnly: true });
    if (index % YIELD_EVERY_TRANSACTIONS === YIELD_EVERY_TRANSACTIONS - 1) await yieldToEventLoop();
  }
  applyStateEditsBefore(block, count, execution);
  return new OverlayStateReader(parentState, execution.state.takeChanges());
}

/**
 * Puts `execution` on the parent's state and starts the block (the one lifecycle's block start: EIP-4788,
 * EIP-2935), as geth's replays do. A replay keeps no receipts: those before Byzantium get no real state root.
 */
async function startReplay(execution: ExecutionVm, parentState: StateReader, block: ReturnType<typeof toExecutionBlock>): Promise<BlockRun> {
  execution.state.reset(parentState);
  execution.state.computeStateRootsWith(NO_KEPT_STATE_ROOTS);
  const run = new BlockRun(execution, block);
  await run.start();
  return run;
}

/** Applies the block's state edits that the sequencer applied right before transaction `index`. */
function applyStateEditsBefore(block: BlockReplay, index: number, execution: ExecutionVm): void {
  for (const edit of block.stateEdits) if (edit.afterTransactions === index) execution.state.applyChanges(edit.changes);
}

/** The error a failed traced execution ends with: the timeout, the tracer's own domain error, or a TracingFailedError. */
export function traceFailure(error: unknown, timedOut: boolean, timeoutMs: number): SequinError {
  if (timedOut) return new ExecutionTimeoutError('trace', timeoutMs);
  if (error instanceof SequinError) return error;
  return new TracingFailedError(error);
}
