import type { Common } from '@ethereumjs/common';
import type { StoredBlock, StoredStateEdit, StoredTransaction } from '../../chain/records.js';
import { GenesisNotTraceableError } from '../../errors/GenesisNotTraceableError.js';
import { NotFoundError } from '../../errors/NotFoundError.js';
import type { BlockEnvironment } from '../../execution/BlockEnvironment.js';
import type { CallRequest } from '../../execution/CallRequest.js';
import type { CallExecutor } from '../../execution/callWorker/CallExecutor.js';
import { prepareCallOverrides } from '../../execution/overrides/prepareCallOverrides.js';
import { NEWEST_VERSION } from '../../execution/PersistedStateReader.js';
import type { JobOwner } from '../../execution/scheduling/JobOwner.js';
import { createTracer } from '../../execution/tracing/createTracer.js';
import type { ReplayedTransaction } from '../../execution/tracing/replayBlock.js';
import type { TraceCallConfig, TraceConfig } from '../../execution/tracing/TraceConfig.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { type Hex, hexToBytes } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import { type BlockSelection, sealedEnvironment } from '../BlockSelection.js';
import type { RemoteBlockReplays } from '../fork/RemoteBlockReplays.js';

/** What {@link TraceService} reads from and runs on. */
export interface TraceServiceParts {
  /** The chain's rules: which precompiles a state override may move. */
  common: Common;
  views: ViewSource;
  blocks: BlockSelection;
  /** Runs the replays off the main thread, scheduled fairly with calls (at most a few traces at once). */
  executor: CallExecutor;
  rpcGasCap: bigint;
  /** Bound of a struct log in estimated bytes of JSON (--rpc-trace-max-bytes). */
  traceMaxBytes: number;
  /** Fork mode: the remote's blocks and transactions at or below the fork block, replayed on the remote's state. */
  history?: RemoteBlockReplays;
}

/** A block's transactions, state edits and environment, captured at request time so later sub-blocks or a seal cannot change them. */
interface BlockSource {
  number: number;
  /** The view's rewind epoch: what the block's number and versions name. */
  epoch: number;
  environment: BlockEnvironment;
  hashes: Hex[];
  transactions: ReplayedTransaction[];
  /** The block's state edits (dev methods), replayed before the transaction at their position. */
  stateEdits: StoredStateEdit[];
  /** The storage version of the state after the whole block (NEWEST_VERSION for the open block). */
  versionAfter: number;
}

/** One transaction's trace in a block trace (geth's txTraceResult). */
export interface TransactionTrace {
  txHash: Hex;
  result: unknown;
}

/**
 * debug_trace*: finds the block and state a request names, in one chain view, and hands the
 * replay to the call executor, which runs it in a worker (execution/tracing/ does the work). A
 * sealed block's state is read there by version; pre-confirmed transactions are traceable too:
 * their block is the open block, whose parent is the latest sealed block. A block's state edits
 * (anvil_setBalance …, kept with the block) go with the job and are applied in the replay where
 * the sequencer applied them, so a block mixing transactions and edits replays exactly as it
 * ran. Results come back as the tracer's JSON (pre-serialized text when built in a worker); a
 * struct log is bounded by `traceMaxBytes`.
 */
export class TraceService {
  constructor(private readonly parts: TraceServiceParts) {}

  /** debug_traceTransaction: the transaction replayed on the state before it in its block. */
  async traceTransaction(hash: Hex, config: TraceConfig, owner?: JobOwner): Promise<unknown> {
    const view = this.parts.views.current();
    const stored = view.transaction(hash);
    // A fork's history: a transaction the remote mined at or below the fork block.
    const remote = stored ? undefined : this.parts.history?.transactionAt(hash);
    const source = stored ? this.blockSource(view, stored.blockNumber) : remote && (await this.remoteSource(view, remote.blockNumber));
    const index = stored?.transactionIndex ?? remote?.index ?? -1;
    if (!source || source.hashes[index]?.toLowerCase() !== hash.toLowerCase()) throw new NotFoundError({ kind: 'transaction' });
    if (source.number === 0) throw new GenesisNotTraceableError();
    return this.parts.executor.trace(
      {
        kind: 'traceTransaction',
        parentVersion: source.number - 1,
        epoch: source.epoch,
        environment: source.environment,
        transactions: source.transactions.slice(0, index + 1),
        stateEdits: editsBefore(source, index),
        hashes: [],
        config: this.bounded(config),
      },
      owner,
    );
  }

  /** debug_traceBlockByNumber / debug_traceBlockByHash: `[{ txHash, result }]` for every transaction of the block, in order. */
  async traceBlock(block: BlockSelector, config: TraceConfig, owner?: JobOwner): Promise<unknown> {
    const source = await this.selectedBlock(block);
    if (source.number === 0) throw new GenesisNotTraceableError();
    return this.parts.executor.trace(
      {
        kind: 'traceBlock',
        parentVersion: source.number - 1,
        epoch: source.epoch,
        environment: source.environment,
        transactions: source.transactions,
        stateEdits: source.stateEdits,
        hashes: source.hashes,
        config: this.bounded(config),
      },
      owner,
    );
  }

  /**
   * debug_traceCall: the call on the state after the block (or, with `txIndex`, before that
   * transaction of the block), in the block's environment. Unlike geth, "pending" is allowed:
   * it is the pre-confirmed state. `stateOverrides` and `blockOverrides` of the config apply as in
   * eth_call.
   */
  async traceCall(request: CallRequest, block: BlockSelector, config: TraceCallConfig, owner?: JobOwner): Promise<unknown> {
    const source = await this.selectedBlock(block);
    const { txIndex } = config;
    // Checked here (geth's errors at once); the worker puts the state override on the (replayed)
    // state and runs the call in the environment with the config's block overrides.
    const overrides = config.stateOverrides || config.blockOverrides ? { state: config.stateOverrides, block: config.blockOverrides } : undefined;
    const prepared = prepareCallOverrides(this.parts.common, source.environment, overrides);
    if (txIndex !== undefined && txIndex >= source.transactions.length)
      throw new NotFoundError({ kind: 'transactionIndex', index: txIndex, blockNumber: source.number });
    return this.parts.executor.trace(
      {
        kind: 'traceCall',
        request,
        version: source.versionAfter,
        epoch: source.epoch,
        ...(txIndex === undefined
          ? {}
          : {
              replay: {
                parentVersion: source.number - 1,
                transactions: source.transactions.slice(0, txIndex),
                stateEdits: editsBefore(source, txIndex),
              },
            }),
        environment: source.environment,
        gasCap: this.parts.rpcGasCap,
        config: this.bounded(config),
        ...(prepared.overrides === undefined ? {} : { overrides: prepared.overrides }),
      },
      owner,
    );
  }

  /**
   * The config with the node's struct-log bound, after checking the tracer exists and its config
   * is valid (so a bad request fails at once instead of waiting for a worker).
   */
  private bounded<T extends TraceConfig>(config: T): T {
    createTracer(config);
    return { ...config, logger: { ...config.logger, maxBytes: this.parts.traceMaxBytes } };
  }

  /** The block a trace selector names, with geth's errors for a missing one. */
  private async selectedBlock(block: BlockSelector): Promise<BlockSource> {
    const view = this.parts.views.current();
    const resolved = this.parts.blocks.resolve(view, block);
    if (!resolved) {
      throw new NotFoundError({ kind: 'block', block });
    }
    if (resolved.kind === 'pending') return this.openSource(view);
    // On a fork, blocks up to the fork block are the remote's (the fork block's local record has no transactions).
    const number = BigInt(resolved.block.number);
    const { history } = this.parts;
    if (history && number <= history.forkNumber) {
      const remote = await this.remoteSource(view, Number(number));
      if (!remote) throw new NotFoundError({ kind: 'block', block });
      return remote;
    }
    return this.sealedSource(view, resolved.block);
  }

  /**
   * The remote's block `number` (at or below the fork block): replayed on the remote's state at
   * its parent (the storage version below the fork block, which the executor reads from the
   * remote), with no state edits. After it: the remote's state, or at the fork block the fork's own.
   */
  private async remoteSource(view: ChainView, number: number): Promise<BlockSource | undefined> {
    const remote = await this.parts.history?.block(number);
    if (!remote) return undefined;
    return {
      number,
      epoch: view.epoch,
      environment: sealedEnvironment(remote.block),
      hashes: remote.block.transactions,
      transactions: remote.transactions,
      stateEdits: [],
      versionAfter: number,
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
      epoch: view.epoch,
      environment: sealedEnvironment(block),
      hashes: block.transactions,
      transactions: view.transactionsOf(block).map(replayed),
      stateEdits: view.stateEdits(number),
      versionAfter: number,
    };
  }

  /** The open block as the view saw it (its pre-confirmed transactions so far). */
  private openSource(view: ChainView): BlockSource {
    const inputs = view.open.sealInputs();
    return {
      number: view.open.number,
      epoch: view.epoch,
      environment: this.parts.blocks.pendingEnvironment(view),
      hashes: inputs.map((input) => input.hash),
      transactions: inputs.map((input) => ({ raw: input.raw, from: hexToBytes(view.transaction(input.hash)!.fields.from as Hex) })),
      stateEdits: view.stateEdits(view.open.number),
      versionAfter: NEWEST_VERSION,
    };
  }
}

/** A stored transaction as a replay needs it. */
function replayed(stored: StoredTransaction): ReplayedTransaction {
  return { raw: hexToBytes(stored.raw), from: hexToBytes(stored.fields.from as Hex) };
}

/** The block's state edits a replay of its first `count` transactions applies (those before the next one included). */
function editsBefore(source: BlockSource, count: number): StoredStateEdit[] {
  return source.stateEdits.filter((edit) => edit.afterTransactions <= count);
}
