import type { Common } from '@ethereumjs/common';
import { NotFoundError } from '../../errors/NotFoundError.js';
import type { BlockEnvironment } from '../../execution/BlockEnvironment.js';
import type { CallRequest } from '../../execution/CallRequest.js';
import type { CallExecutor } from '../../execution/callWorker/CallExecutor.js';
import { type ExecuteCallOptions, executeCall, executeEstimate, isPlainTransferOn } from '../../execution/callWorker/executeCallJob.js';
import { type AccessListResult, createAccessList } from '../../execution/createAccessList.js';
import { type CallOverrides, overriddenState } from '../../execution/overrides/CallOverrides.js';
import type { Overrides } from '../../execution/overrides/Overrides.js';
import { prepareCallOverrides } from '../../execution/overrides/prepareCallOverrides.js';
import type { StateOverride } from '../../execution/overrides/StateOverride.js';
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

  /** eth_call; `overrides` are geth's state (third) and block (fourth) overrides. */
  async call(request: CallRequest, block: BlockSelector, overrides?: Overrides): Promise<Uint8Array> {
    const view = this.views.current();
    const { executor, gasCap, common } = this.settings;
    if (executor) {
      const prepared = prepareCallOverrides(common, this.blocks.environmentAt(view, block), overrides);
      return executor.call({ request, version: this.blocks.versionAt(view, block), epoch: view.epoch, gasCap, ...withOverrides(prepared) });
    }
    return executeCall(this.mainThreadCall(view, request, block, overrides));
  }

  /** eth_estimateGas; `overrides` as for {@link call}. */
  async estimateGas(request: CallRequest, block: BlockSelector, overrides?: Overrides): Promise<bigint> {
    const view = this.views.current();
    const { executor, gasCap, common } = this.settings;
    // Value transfers (what wallets estimate most) take one ~50 µs run at 21,000 gas: answer them
    // here, so they never queue behind a long call in the worker.
    if (executor) {
      const prepared = prepareCallOverrides(common, this.blocks.environmentAt(view, block), overrides);
      if (!isPlainTransferOn(overriddenState(this.blocks.stateAt(view, block), prepared.overrides), request)) {
        return executor.estimate({ request, version: this.blocks.versionAt(view, block), epoch: view.epoch, gasCap, ...withOverrides(prepared) });
      }
    }
    return executeEstimate(this.mainThreadCall(view, request, block, overrides));
  }

  /**
   * eth_createAccessList on the state after the block (geth's "header not found" when there is no
   * such block); `stateOverride` is geth's third parameter (geth takes no block overrides here).
   */
  async createAccessList(request: CallRequest, block: BlockSelector, stateOverride?: StateOverride): Promise<AccessListResult> {
    const view = this.views.current();
    const resolved = this.blocks.resolve(view, block);
    if (!resolved) throw new NotFoundError({ kind: 'header' });
    const { common, vms, gasCap } = this.settings;
    const environment = resolved.kind === 'pending' ? this.blocks.pendingEnvironment(view) : sealedEnvironment(resolved.block);
    // geth applies these overrides without its precompile set: moving a precompile fails here.
    const prepared = prepareCallOverrides(common, environment, stateOverride && { state: stateOverride }, 'none');
    return createAccessList({
      common,
      use: (work) => vms.use(work),
      state: resolved.kind === 'pending' ? view.pendingState : this.blocks.stateAt(view, block),
      environment: prepared.environment,
      request,
      gasCap,
      timeoutMs: DEFAULT_TRACE_TIMEOUT_MS,
      ...(prepared.overrides === undefined ? {} : { overrides: prepared.overrides }),
    });
  }

  private mainThreadCall(view: ChainView, request: CallRequest, block: BlockSelector, overrides: Overrides | undefined): ExecuteCallOptions {
    const { common, vms, gasCap } = this.settings;
    const prepared = prepareCallOverrides(common, this.blocks.environmentAt(view, block), overrides);
    return {
      common,
      use: (work) => vms.use(work),
      state: this.blocks.stateAt(view, block),
      gasCap,
      request,
      ...withOverrides(prepared),
    };
  }
}

/** A prepared environment and overrides as job or call options (no `overrides` key when there are none). */
function withOverrides(prepared: ReturnType<typeof prepareCallOverrides>): { environment: BlockEnvironment; overrides?: CallOverrides } {
  return prepared.overrides === undefined ? { environment: prepared.environment } : { environment: prepared.environment, overrides: prepared.overrides };
}
