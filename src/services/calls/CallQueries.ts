import type { Common } from '@ethereumjs/common';
import { NotFoundError } from '../../errors/NotFoundError.js';
import type { CallRequest } from '../../execution/CallRequest.js';
import type { CallExecutor } from '../../execution/callWorker/CallExecutor.js';
import { type ExecuteCallOptions, executeCall, executeEstimate, isPlainTransferOn } from '../../execution/callWorker/executeCallJob.js';
import { type AccessListResult, createAccessList } from '../../execution/createAccessList.js';
import { DEFAULT_TRACE_TIMEOUT_MS } from '../../execution/tracing/TraceConfig.js';
import type { VmPool } from '../../execution/VmPool.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import { type BlockSelection, sealedEnvironment } from '../BlockSelection.js';

/** Where calls run and how much gas they may use. */
export interface CallSettings {
  common: Common;
  /** Main-thread VMs, for calls when there is no {@link executor} and for access lists. */
  vms: VmPool;
  /** Worker threads for eth_call / eth_estimateGas (LMDB storage only; in-memory storage cannot be shared). */
  executor: CallExecutor | undefined;
  /** --rpc-gas-cap. */
  gasCap: bigint;
}

/**
 * eth_call, eth_estimateGas and eth_createAccessList on a block's state. With LMDB storage calls
 * and estimates run in a worker thread that reads the same storage by version; without it, on
 * the main thread over the view's state.
 */
export class CallQueries {
  constructor(
    private readonly views: ViewSource,
    private readonly blocks: BlockSelection,
    private readonly settings: CallSettings,
  ) {}

  async call(request: CallRequest, block: BlockSelector): Promise<Uint8Array> {
    const view = this.views.current();
    const { executor, gasCap } = this.settings;
    if (executor) {
      return executor.call({
        request,
        version: this.blocks.versionAt(view, block),
        epoch: view.epoch,
        environment: this.blocks.environmentAt(view, block),
        gasCap,
      });
    }
    return executeCall(this.mainThreadCall(view, request, block));
  }

  async estimateGas(request: CallRequest, block: BlockSelector): Promise<bigint> {
    const view = this.views.current();
    const { executor, gasCap } = this.settings;
    // Value transfers (what wallets estimate most) take one ~50 µs run at 21,000 gas: answer them
    // here, so they never queue behind a long call in the worker.
    if (executor && !isPlainTransferOn(this.blocks.stateAt(view, block), request)) {
      return executor.estimate({
        request,
        version: this.blocks.versionAt(view, block),
        epoch: view.epoch,
        environment: this.blocks.environmentAt(view, block),
        gasCap,
      });
    }
    return executeEstimate(this.mainThreadCall(view, request, block));
  }

  /** eth_createAccessList on the state after the block (geth's "header not found" when there is no such block). */
  async createAccessList(request: CallRequest, block: BlockSelector): Promise<AccessListResult> {
    const view = this.views.current();
    const resolved = this.blocks.resolve(view, block);
    if (!resolved) throw new NotFoundError({ kind: 'header' });
    const { common, vms, gasCap } = this.settings;
    return createAccessList({
      common,
      use: (work) => vms.use(work),
      state: resolved.kind === 'pending' ? view.pendingState : this.blocks.stateAt(view, block),
      environment: resolved.kind === 'pending' ? this.blocks.pendingEnvironment(view) : sealedEnvironment(resolved.block),
      request,
      gasCap,
      timeoutMs: DEFAULT_TRACE_TIMEOUT_MS,
    });
  }

  private mainThreadCall(view: ChainView, request: CallRequest, block: BlockSelector): ExecuteCallOptions {
    const { common, vms, gasCap } = this.settings;
    return {
      common,
      use: (work) => vms.use(work),
      state: this.blocks.stateAt(view, block),
      environment: this.blocks.environmentAt(view, block),
      request,
      gasCap,
    };
  }
}
