import { NotFoundError } from '../../errors/NotFoundError.js';
import type { CallRequest } from '../../execution/CallRequest.js';
import type { CallExecutor } from '../../execution/callWorker/CallExecutor.js';
import type { AccessListResult } from '../../execution/createAccessList.js';
import { plainTransferGas } from '../../execution/plainTransferGas.js';
import type { JobOwner } from '../../execution/scheduling/JobOwner.js';
import { DEFAULT_TRACE_TIMEOUT_MS } from '../../execution/tracing/TraceConfig.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { BlockSelection } from '../BlockSelection.js';
import { CallResultCache } from './CallResultCache.js';

/** Where calls run and how much gas they may use. */
export interface CallSettings {
  /** Runs calls, estimates and access lists in worker threads, scheduled fairly between clients. */
  executor: CallExecutor;
  /** --rpc-gas-cap. */
  gasCap: bigint;
  /** Answers kept for identical requests on the same state (--rpc-call-cache); 0 keeps none. */
  cacheEntries: number;
}

/**
 * eth_call, eth_estimateGas and eth_createAccessList on a block's state. The block, its storage
 * version and its environment are taken from one chain view here; the execution runs in a worker
 * thread that reads the same storage by version, scheduled by the executor for `owner` (the
 * client: its API key or address, and its tier). A plain transfer's estimate needs no EVM and is
 * answered here (plainTransferGas); answers to calls and estimates are kept for identical
 * requests on the same state (CallResultCache).
 */
export class CallQueries {
  private readonly cache: CallResultCache;

  constructor(
    private readonly views: ViewSource,
    private readonly blocks: BlockSelection,
    private readonly settings: CallSettings,
  ) {
    this.cache = new CallResultCache(settings.cacheEntries);
  }

  async call(request: CallRequest, block: BlockSelector, owner?: JobOwner): Promise<Uint8Array> {
    const view = this.views.current();
    const { executor, gasCap } = this.settings;
    const job = { request, version: this.blocks.versionAt(view, block), epoch: view.epoch, environment: this.blocks.environmentAt(view, block), gasCap };
    return this.cache.answer(this.stateOf(view, block), { kind: 'call', request }, () => executor.call(job, owner));
  }

  async estimateGas(request: CallRequest, block: BlockSelector, owner?: JobOwner): Promise<bigint> {
    const view = this.views.current();
    const { executor, gasCap } = this.settings;
    const environment = this.blocks.environmentAt(view, block);
    const transfer = plainTransferGas(this.blocks.stateAt(view, block), request, environment);
    if (transfer !== undefined) return transfer;
    const job = { request, version: this.blocks.versionAt(view, block), epoch: view.epoch, environment, gasCap };
    return this.cache.answer(this.stateOf(view, block), { kind: 'estimate', request }, () => executor.estimate(job, owner));
  }

  /** What names the state a selector reads, for the cache: a sealed block's hash, or the view for "pending". */
  private stateOf(view: ChainView, block: BlockSelector): string | ChainView {
    if (block.kind === 'tag' && block.tag === 'pending') return view;
    const resolved = this.blocks.resolve(view, block);
    return resolved?.kind === 'sealed' ? resolved.block.hash : view;
  }

  /** eth_createAccessList on the state after the block (geth's "header not found" when there is no such block). */
  async createAccessList(request: CallRequest, block: BlockSelector, owner?: JobOwner): Promise<AccessListResult> {
    const view = this.views.current();
    if (!this.blocks.resolve(view, block)) throw new NotFoundError({ kind: 'header' });
    const { executor, gasCap } = this.settings;
    return executor.accessList(
      {
        request,
        version: this.blocks.versionAt(view, block),
        epoch: view.epoch,
        environment: this.blocks.environmentAt(view, block),
        gasCap,
        timeoutMs: DEFAULT_TRACE_TIMEOUT_MS,
      },
      owner,
    );
  }
}
