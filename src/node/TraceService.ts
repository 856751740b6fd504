import type { Common } from '@ethereumjs/common';
import type { ChainStore } from '../chain/ChainStore.js';
import type { StoredBlock } from '../chain/records.js';
import { ServerError } from '../errors/RpcError.js';
import type { BlockEnvironment } from '../execution/BlockEnvironment.js';
import type { CallRequest } from '../execution/CallRequest.js';
import { type AccessListResult, createAccessList } from '../execution/createAccessList.js';
import type { ExecutionVm } from '../execution/createExecutionVm.js';
import { OverlayStateReader } from '../execution/OverlayStateReader.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import { snapshotStateChanges } from '../execution/StateChanges.js';
import type { StateReader } from '../execution/StateReader.js';
import { type BlockReplay, stateAfterTransactions, traceBlockTransactions } from '../execution/tracing/replayBlock.js';
import { DEFAULT_TRACE_TIMEOUT_MS, type TraceCallConfig, type TraceConfig } from '../execution/tracing/TraceConfig.js';
import { traceCall } from '../execution/tracing/traceCall.js';
import type { VmPool } from '../execution/VmPool.js';
import type { BlockSelector } from '../primitives/blockTag.js';
import { type Hex, hexToBytes } from '../primitives/hex.js';
import type { Sequencer } from '../sequencer/Sequencer.js';
import type { Storage } from '../storage/Storage.js';
import type { ResolvedBlock } from './BlockSelection.js';

/** What {@link TraceService} reads from. */
export interface TraceServiceParts {
  common: Common;
  storage: Storage;
  chain: ChainStore;
  sequencer: Sequencer;
  /** Main-thread VMs: traces run there, yielding to the event loop as they go. */
  calls: VmPool;
  blockGasLimit: bigint;
  coinbase: Uint8Array;
  rpcGasCap: bigint;
  resolve: (block: BlockSelector) => ResolvedBlock | undefined;
}

/** A block's transactions and environment, captured at request time so later sub-blocks or a seal cannot change them. */
interface BlockSource {
  number: number;
  environment: BlockEnvironment;
  hashes: Hex[];
  raws: Uint8Array[];
}

/** One transaction's trace in a block trace (geth's txTraceResult). */
export interface TransactionTrace {
  txHash: Hex;
  result: unknown;
}

/**
 * debug_trace* and eth_createAccessList: finds the block and state a request names and hands
 * the replay to the execution layer (execution/tracing/). Pre-confirmed transactions are
 * traceable: their block is the open block, whose parent is the latest sealed block. "pending"
 * states are snapshots (the latest sealed state plus the open block's changes so far), so a
 * trace that yields to the sequencer still sees one consistent state.
 */
export class TraceService {
  constructor(private readonly parts: TraceServiceParts) {}

  /** debug_traceTransaction: the transaction replayed on the state before it in its block. */
  async traceTransaction(hash: Hex, config: TraceConfig): Promise<unknown> {
    const stored = this.parts.chain.transaction(hash);
    const source = stored ? this.blockSource(stored.blockNumber) : undefined;
    const index = stored?.transactionIndex ?? -1;
    if (!source || source.hashes[index] !== hash.toLowerCase()) throw new ServerError('transaction not found');
    if (source.number === 0) throw new ServerError('genesis is not traceable');
    const [result] = await this.parts.calls.use((execution) => traceBlockTransactions(this.replay(source, execution, index + 1), index, config));
    return result;
  }

  /** debug_traceBlockByNumber / debug_traceBlockByHash: every transaction of the block, in order. */
  async traceBlock(block: BlockSelector, config: TraceConfig): Promise<TransactionTrace[]> {
    const source = this.selectedBlock(block);
    if (source.number === 0) throw new ServerError('genesis is not traceable');
    const results = await this.parts.calls.use((execution) => traceBlockTransactions(this.replay(source, execution), 0, config));
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
    return this.parts.calls.use(async (execution) => {
      const state = await this.stateOf(source, config.txIndex, execution);
      return traceCall({ common, execution, state, environment: source.environment, request, gasCap: rpcGasCap, config });
    });
  }

  /** eth_createAccessList on the state after the block (geth's "header not found" when there is no such block). */
  async createAccessList(request: CallRequest, block: BlockSelector): Promise<AccessListResult> {
    const resolved = this.parts.resolve(block);
    if (!resolved) throw new ServerError('header not found');
    const source = resolved.kind === 'sealed' ? this.sealedSource(resolved.block) : this.openSource();
    const { common, rpcGasCap } = this.parts;
    return createAccessList({
      common,
      use: (work) => this.parts.calls.use(work),
      state: this.stateAfter(source),
      environment: source.environment,
      request,
      gasCap: rpcGasCap,
      timeoutMs: DEFAULT_TRACE_TIMEOUT_MS,
    });
  }

  /** The block a trace selector names, with geth's errors for a missing one. */
  private selectedBlock(block: BlockSelector): BlockSource {
    const resolved = this.parts.resolve(block);
    if (!resolved) {
      if (block.kind === 'hash') throw new ServerError(`block ${block.hash} not found`);
      throw new ServerError(`block #${block.kind === 'number' ? block.number : block.tag} not found`);
    }
    return resolved.kind === 'sealed' ? this.sealedSource(resolved.block) : this.openSource();
  }

  /** The state a call at `source` runs on: after the block, or after its first `txIndex` transactions. */
  private async stateOf(source: BlockSource, txIndex: number | undefined, execution: ExecutionVm): Promise<StateReader> {
    if (txIndex === undefined) return this.stateAfter(source);
    if (txIndex >= source.raws.length) throw new ServerError(`transaction index ${txIndex} out of range for block #${source.number}`);
    return stateAfterTransactions(this.replay(source, execution, txIndex));
  }

  /** The state after the block: a sealed block's versioned state, or the pending snapshot. */
  private stateAfter(source: BlockSource): StateReader {
    const open = this.parts.sequencer.openBlock;
    if (source.number === open.number) return new OverlayStateReader(this.parentState(source), snapshotStateChanges(open.changes));
    return new PersistedStateReader(this.parts.storage, source.number);
  }

  private replay(source: BlockSource, execution: ExecutionVm, count = source.raws.length): BlockReplay {
    return {
      common: this.parts.common,
      execution,
      parentState: this.parentState(source),
      environment: source.environment,
      transactions: source.raws.slice(0, count),
    };
  }

  private parentState(source: BlockSource): StateReader {
    return new PersistedStateReader(this.parts.storage, source.number - 1);
  }

  /** The sealed block `number`, or the open block when that is `number`. */
  private blockSource(number: number): BlockSource | undefined {
    const sealed = this.parts.chain.blockByNumber(number);
    if (sealed) return this.sealedSource(sealed);
    return this.parts.sequencer.openBlock.number === number ? this.openSource() : undefined;
  }

  private sealedSource(block: StoredBlock): BlockSource {
    return {
      number: Number(block.number),
      environment: {
        number: BigInt(block.number),
        timestamp: BigInt(block.timestamp),
        gasLimit: BigInt(block.gasLimit),
        baseFeePerGas: BigInt(block.baseFeePerGas),
        coinbase: hexToBytes(block.miner),
        parentHash: hexToBytes(block.parentHash),
      },
      hashes: block.transactions,
      raws: block.transactions.map((hash) => hexToBytes(this.parts.chain.transaction(hash)!.raw)),
    };
  }

  /** The open block as the sequencer executes it (its pre-confirmed transactions so far). */
  private openSource(): BlockSource {
    const open = this.parts.sequencer.openBlock;
    return {
      number: open.number,
      environment: {
        number: BigInt(open.number),
        timestamp: open.timestamp,
        gasLimit: this.parts.blockGasLimit,
        baseFeePerGas: open.baseFeePerGas,
        coinbase: this.parts.coinbase,
        parentHash: open.parentHash,
      },
      hashes: open.transactions.map((transaction) => transaction.hash),
      raws: open.transactions.map((transaction) => transaction.raw),
    };
  }
}
