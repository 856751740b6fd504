import type { Common } from '@ethereumjs/common';
import { NotFoundError } from '../../errors/NotFoundError.js';
import type { BlockEnvironment } from '../../execution/BlockEnvironment.js';
import type { CallRequest } from '../../execution/CallRequest.js';
import type { CallExecutor } from '../../execution/callWorker/CallExecutor.js';
import type { AccessListResult } from '../../execution/createAccessList.js';
import type { CallOverrides } from '../../execution/overrides/CallOverrides.js';
import type { Overrides } from '../../execution/overrides/Overrides.js';
import { prepareCallOverrides } from '../../execution/overrides/prepareCallOverrides.js';
import type { StateOverride } from '../../execution/overrides/StateOverride.js';
import { plainTransferGas } from '../../execution/plainTransferGas.js';
import type { JobOwner } from '../../execution/scheduling/JobOwner.js';
import { DEFAULT_TRACE_TIMEOUT_MS } from '../../execution/tracing/TraceConfig.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { BlockSelection } from '../BlockSelection.js';
import { CallResultCache } from './CallResultCache.js';
import { coverSenderValue } from './coverSenderValue.js';

/** Where calls run and how much gas they may use. */
export interface CallSettings {
  /** The chain's rules: which precompiles a state override may move. */
  common: Common;
  /** Runs calls, estimates and access lists in worker threads, scheduled fairly between clients. */
  executor: CallExecutor;
  /** --rpc-gas-cap. */
  gasCap: bigint;
  /** Answers kept for identical requests on the same state (--rpc-call-cache); 0 keeps none. */
  cacheEntries: number;
  /** Estimate a value the sender cannot cover as if it could, as Hardhat and Anvil do (coverSenderValue.ts); else geth's refusal. */
  coverUncoveredValue?: boolean;
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

  /**
   * eth_call; `overrides` are geth's state (third) and block (fourth) overrides. A call with
   * overrides is never answered from, nor kept in, the cache (its entries are keyed on the request alone).
   */
  async call(request: CallRequest, block: BlockSelector, overrides?: Overrides, owner?: JobOwner): Promise<Uint8Array> {
    const view = this.views.current();
    const { executor, gasCap, common } = this.settings;
    const prepared = prepareCallOverrides(common, this.blocks.environmentAt(view, block), overrides);
    const job = { request, version: this.blocks.versionAt(view, block), epoch: view.epoch, gasCap, ...withOverrides(prepared) };
    if (overrides !== undefined) return executor.call(job, owner);
    return this.cache.answer(this.stateOf(view, block), { kind: 'call', request }, () => executor.call(job, owner));
  }

  /** eth_estimateGas; `overrides` as for {@link call} (not cached either). */
  async estimateGas(request: CallRequest, block: BlockSelector, givenOverrides?: Overrides, owner?: JobOwner): Promise<bigint> {
    const view = this.views.current();
    const { executor, gasCap, common } = this.settings;
    const overrides = this.settings.coverUncoveredValue ? coverSenderValue(this.blocks.stateAt(view, block), request, givenOverrides, gasCap) : givenOverrides;
    const prepared = prepareCallOverrides(common, this.blocks.environmentAt(view, block), overrides);
    // A state override may give the recipient code or move a precompile to it: only an
    // unoverridden state answers a transfer without the EVM (block overrides are in the environment).
    if (prepared.overrides === undefined) {
      const transfer = plainTransferGas(this.blocks.stateAt(view, block), request, prepared.environment);
      if (transfer !== undefined) return transfer;
    }
    const job = { request, version: this.blocks.versionAt(view, block), epoch: view.epoch, gasCap, ...withOverrides(prepared) };
    if (overrides !== undefined) return executor.estimate(job, owner);
    return this.cache.answer(this.stateOf(view, block), { kind: 'estimate', request }, () => executor.estimate(job, owner));
  }

  /** What names the state a selector reads, for the cache: a sealed block's hash, or the view for "pending". */
  private stateOf(view: ChainView, block: BlockSelector): string | ChainView {
    if (block.kind === 'tag' && block.tag === 'pending') return view;
    const resolved = this.blocks.resolve(view, block);
    return resolved?.kind === 'sealed' ? resolved.block.hash : view;
  }

  /**
   * eth_createAccessList on the state after the block (geth's "header not found" when there is no
   * such block); `stateOverride` is geth's third parameter (geth takes no block overrides here).
   */
  async createAccessList(request: CallRequest, block: BlockSelector, stateOverride?: StateOverride, owner?: JobOwner): Promise<AccessListResult> {
    const view = this.views.current();
    if (!this.blocks.resolve(view, block)) throw new NotFoundError({ kind: 'header' });
    const { executor, gasCap, common } = this.settings;
    // geth applies these overrides without its precompile set: moving a precompile fails here.
    const prepared = prepareCallOverrides(common, this.blocks.environmentAt(view, block), stateOverride && { state: stateOverride }, 'none');
    return executor.accessList(
      {
        request,
        version: this.blocks.versionAt(view, block),
        epoch: view.epoch,
        gasCap,
        timeoutMs: DEFAULT_TRACE_TIMEOUT_MS,
        ...withOverrides(prepared),
      },
      owner,
    );
  }
}

/** A prepared environment and overrides as job or call options (no `overrides` key when there are none). */
function withOverrides(prepared: ReturnType<typeof prepareCallOverrides>): { environment: BlockEnvironment; overrides?: CallOverrides } {
  return prepared.overrides === undefined ? { environment: prepared.environment } : { environment: prepared.environment, overrides: prepared.overrides };
}
