import type { Common } from '@ethereumjs/common';
import type { StoredBlock, StoredTransaction } from '../../chain/records.js';
import { GenesisNotTraceableError } from '../../errors/GenesisNotTraceableError.js';
import { NotFoundError } from '../../errors/NotFoundError.js';
import type { BlockEnvironment } from '../../execution/BlockEnvironment.js';
import type { CallRequest } from '../../execution/CallRequest.js';
import type { ExecutionVm } from '../../execution/createExecutionVm.js';
import { PersistedStateReader } from '../../execution/PersistedStateReader.js';
import type { StateReader } from '../../execution/StateReader.js';
import { storedStateEditChanges } from '../../execution/stateEditRecord.js';
import {
  type BlockReplay,
  type ReplayedStateEdit,
  type ReplayedTransaction,
  stateAfterTransactions,
  traceBlockTransactions,
} from '../../execution/tracing/replayBlock.js';
import type { TraceCallConfig, TraceConfig } from '../../execution/tracing/TraceConfig.js';
import { traceCall } from '../../execution/tracing/traceCall.js';
import type { VmPool } from '../../execution/VmPool.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { type Hex, hexToBytes } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { Storage } from '../../storage/Storage.js';
import { type BlockSelection, sealedEnvironment } from '../BlockSelection.js';

/** What {@link TraceService} reads from. */
export interface TraceServiceParts {
  common: Common;
  storage: Storage;
  views: ViewSource;
  blocks: BlockSelection;
  /** Main-thread VMs: traces run there, yielding to the event loop as they go. */
  vms: VmPool;
  rpcGasCap: bigint;
}

/** A block's transactions and environment, and the state after it, captured at request time so later sub-blocks or a seal cannot change them. */
interface BlockSource {
  number: number;
  environment: BlockEnvironment;
  hashes: Hex[];
  transactions: ReplayedTransaction[];
  stateEdits: ReplayedStateEdit[];
  /** The state after the whole block. */
  stateAfter: StateReader;
}

/** One transaction's trace in a block trace (geth's txTraceResult). */
export interface TransactionTrace {
  txHash: Hex;
  result: unknown;
}

/**
 * debug_trace*: finds the block and state a request names, in one chain view, and hands the
 * replay to the execution layer (execution/tracing/). Pre-confirmed transactions are traceable:
 * their block is the open block, whose parent is the latest sealed block. A view's states never
 * change, so a trace that yields to the sequencer still sees one consistent state.
 */
export class TraceService {
  constructor(private readonly parts: TraceServiceParts) {}

  /** debug_traceTransaction: the transaction replayed on the state before it in its block. */
  async traceTransaction(hash: Hex, config: TraceConfig): Promise<unknown> {
    const view = this.parts.views.current();
    const stored = view.transaction(hash);
    const source = stored ? this.blockSource(view, stored.blockNumber) : undefined;
    const index = stored?.transactionIndex ?? -1;
    if (!source || source.hashes[index] !== hash.toLowerCase()) throw new NotFoundError({ kind: 'transaction' });
    if (source.number === 0) throw new GenesisNotTraceableError();
    const [result] = await this.parts.vms.use((execution) => traceBlockTransactions(this.replay(source, execution, index + 1), index, config));
    return result;
  }

  /** debug_traceBlockByNumber / debug_traceBlockByHash: every transaction of the block, in order. */
  async traceBlock(block: BlockSelector, config: TraceConfig): Promise<TransactionTrace[]> {
    const source = this.selectedBlock(block);
    if (source.number === 0) throw new GenesisNotTraceableError();
    const results = await this.parts.vms.use((execution) => traceBlockTransactions(this.replay(source, execution), 0, config));
    return results.map((result, index) => ({ txHash: source.hashes[index]!, result }));
  }

  /**
   * debug_traceCall: the call on the state after the block (or, with `txIndex`, before that
   * transaction of the block), in the block's environment. Unlike geth, "pending" is allowed:
   * it is the pre-confirmed state.
   */
  async traceCall(request: CallRequest, block: BlockSelector, config: TraceCallConfig): Promise<unknown> {
    const source = this.selectedBlock(block);
    const { common, rpcGasCap } = this.parts;
    return this.parts.vms.use(async (execution) => {
      const state = await this.stateOf(source, config.txIndex, execution);
      return traceCall({ common, execution, state, environment: source.environment, request, gasCap: rpcGasCap, config });
    });
  }

  /** The block a trace selector names, with geth's errors for a missing one. */
  private selectedBlock(block: BlockSelector): BlockSource {
    const view = this.parts.views.current();
    const resolved = this.parts.blocks.resolve(view, block);
    if (!resolved) {
      throw new NotFoundError({ kind: 'block', block });
    }
    return resolved.kind === 'sealed' ? this.sealedSource(view, resolved.block) : this.openSource(view);
  }

  /** The state a call at `source` runs on: after the block, or after its first `txIndex` transactions. */
  private async stateOf(source: BlockSource, txIndex: number | undefined, execution: ExecutionVm): Promise<StateReader> {
    if (txIndex === undefined) return source.stateAfter;
    if (txIndex >= source.transactions.length) throw new NotFoundError({ kind: 'transactionIndex', index: txIndex, blockNumber: source.number });
    return stateAfterTransactions(this.replay(source, execution, txIndex));
  }

  private replay(source: BlockSource, execution: ExecutionVm, count = source.transactions.length): BlockReplay {
    return {
      common: this.parts.common,
      execution,
      parentState: new PersistedStateReader(this.parts.storage, source.number - 1),
      environment: source.environment,
      transactions: source.transactions.slice(0, count),
      stateEdits: source.stateEdits,
    };
  }

  /** The sealed block `number`, or the open block when that is `number`. */
  private blockSource(view: ChainView, number: number): BlockSource | undefined {
    const sealed = view.block(number);
    if (sealed) return this.sealedSource(view, sealed);
    return view.open.number === number ? this.openSource(view) : undefined;
  }

  private sealedSource(view: ChainView, block: StoredBlock): BlockSource {
    const number = Number(block.number);
    return {
      number,
      environment: sealedEnvironment(block),
      hashes: block.transactions,
      transactions: block.transactions.map((hash) => replayed(view.transaction(hash)!)),
      stateEdits: replayedStateEdits(view, number),
      stateAfter: number === view.headNumber ? view.latestState : new PersistedStateReader(this.parts.storage, number),
    };
  }

  /** The open block as the view saw it (its pre-confirmed transactions so far). */
  private openSource(view: ChainView): BlockSource {
    const inputs = view.open.sealInputs();
    return {
      number: view.open.number,
      environment: this.parts.blocks.pendingEnvironment(view),
      hashes: inputs.map((input) => input.hash),
      transactions: inputs.map((input) => ({ raw: input.raw, from: hexToBytes(view.transaction(input.hash)!.fields.from as Hex) })),
      stateEdits: replayedStateEdits(view, view.open.number),
      stateAfter: view.pendingState,
    };
  }
}

/** A stored transaction as a replay needs it. */
function replayed(stored: StoredTransaction): ReplayedTransaction {
  return { raw: hexToBytes(stored.raw), from: hexToBytes(stored.fields.from as Hex) };
}

/** The state edits of block `number` as the view has them, ready to apply in a replay. */
function replayedStateEdits(view: ChainView, number: number): ReplayedStateEdit[] {
  return view.stateEdits(number).map((edit) => ({ afterTransactions: edit.afterTransactions, changes: storedStateEditChanges(edit) }));
}
