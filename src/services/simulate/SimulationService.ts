import type { Common } from '@ethereumjs/common';
import { commonAt } from '../../config/ScheduledCommon.js';
import { NotFoundError } from '../../errors/NotFoundError.js';
import { SimulationError } from '../../errors/SimulationError.js';
import type { BlockOpening } from '../../execution/block/BlockRules.js';
import { createExecutionVm } from '../../execution/createExecutionVm.js';
import { emptyStateChanges, mergeStateChanges } from '../../execution/StateChanges.js';
import {
  MAX_CALLS_PER_SIMULATED_BLOCK,
  MAX_SIMULATED_BLOCKS,
  MAX_SIMULATED_CALLS,
  type SimulationRequest,
} from '../../execution/simulation/SimulationRequest.js';
import { StateRootTracker } from '../../execution/simulation/StateRootTracker.js';
import { type SimulationBaseHeader, simulateBlocks } from '../../execution/simulation/simulateBlocks.js';
import { TrieNodeStore } from '../../execution/TrieNodeStore.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { hexToBytes } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { Storage } from '../../storage/Storage.js';
import type { BlockSelection } from '../BlockSelection.js';
import type { SimulatedRpcBlock } from './simulatedBlockView.js';
import { simulatedBlockView } from './simulatedBlockView.js';

/** What {@link SimulationService} reads from. */
export interface SimulationServiceParts {
  common: Common;
  storage: Storage;
  views: ViewSource;
  blocks: BlockSelection;
  /** --rpc-gas-cap: gas all calls of one simulation may use together. */
  gasCap: bigint;
  /** Wall time one simulation may take (geth: --rpc.evmtimeout). */
  timeoutMs: number;
  /** What each simulated block opens with, as the sequencer's next block would (an OP Stack chain's L1-attributes deposit). */
  opening?: BlockOpening;
}

/**
 * eth_simulateV1 (geth's semantics): checks the request's size, finds the base block and its
 * state in one chain view (a sealed block, or "pending": the open block with its pre-confirmed
 * state), runs the simulation on a VM of its own (BLOCKHASH sees the chain, then the simulated
 * blocks) and shapes each block as geth answers it. Runs on the main thread, yielding to the event
 * loop as it goes; nothing it does is kept.
 */
export class SimulationService {
  constructor(private readonly parts: SimulationServiceParts) {}

  async simulate(request: SimulationRequest, block: BlockSelector): Promise<SimulatedRpcBlock[]> {
    checkSize(request);
    const view = this.parts.views.current();
    const resolved = this.parts.blocks.resolve(view, block);
    if (!resolved) throw new NotFoundError({ kind: 'header' });
    const base = resolved.kind === 'sealed' ? this.sealedBase(view, block, resolved.block) : this.pendingBase(view);
    const blockHashes = new Map<bigint, Uint8Array>();
    const lookup = (number: bigint) => (number <= base.header.number ? chainHash(view, number) : blockHashes.get(number));
    const execution = await createExecutionVm(this.parts.common, base.state, lookup);
    const blocks = await simulateBlocks(
      {
        execution,
        base: base.header,
        state: base.state,
        roots: base.roots,
        blockHashes,
        gasCap: this.parts.gasCap,
        timeoutMs: this.parts.timeoutMs,
        rulesAt: (position) => commonAt(this.parts.common, position),
        ...(this.parts.opening ? { opening: this.parts.opening } : {}),
      },
      request,
    );
    return blocks.map((simulated) => simulatedBlockView(simulated, request.returnFullTransactions));
  }

  /** A sealed block as the base: its header, its state, and its state root to build on. */
  private sealedBase(view: ChainView, selector: BlockSelector, block: ChainView['head']) {
    const state = this.parts.blocks.stateAt(view, selector);
    return {
      header: {
        number: BigInt(block.number),
        hash: hexToBytes(block.hash),
        timestamp: BigInt(block.timestamp),
        gasLimit: BigInt(block.gasLimit),
        gasUsed: BigInt(block.gasUsed),
        coinbase: hexToBytes(block.miner),
        difficulty: BigInt(block.difficulty),
        baseFeePerGas: optionalQuantity(block.baseFeePerGas),
        excessBlobGas: optionalQuantity(block.excessBlobGas),
        blobGasUsed: optionalQuantity(block.blobGasUsed),
      } satisfies SimulationBaseHeader,
      state,
      roots: new StateRootTracker(new TrieNodeStore(this.parts.storage), { stateRoot: hexToBytes(block.stateRoot), state }, undefined),
    };
  }

  /**
   * The open block as the base ("pending"): its number, time and base fee so far; it has no hash
   * yet (BLOCKHASH of it reads zero). Its pre-confirmed changes are folded into the first simulated
   * block's state root, on top of the last sealed root.
   */
  private pendingBase(view: ChainView) {
    const { open } = view;
    const pending = emptyStateChanges();
    for (const layer of open.changeLayers()) mergeStateChanges(pending, layer);
    return {
      header: {
        number: BigInt(open.number),
        hash: new Uint8Array(32),
        timestamp: open.timestamp,
        gasLimit: open.gasLimit,
        gasUsed: open.gasUsed,
        coinbase: open.coinbase,
        difficulty: 0n,
        baseFeePerGas: open.baseFeePerGas,
        excessBlobGas: 0n,
        blobGasUsed: 0n,
      } satisfies SimulationBaseHeader,
      state: view.pendingState,
      roots: new StateRootTracker(new TrieNodeStore(this.parts.storage), { stateRoot: hexToBytes(view.head.stateRoot), state: view.latestState }, pending),
    };
  }
}

/** geth's limits on one request: at least one block, at most 256, 5,000 calls per block and 10,000 in all. */
function checkSize(request: SimulationRequest): void {
  const blocks = request.blockStateCalls;
  if (blocks.length === 0) throw new SimulationError({ kind: 'emptyInput' });
  if (blocks.length > MAX_SIMULATED_BLOCKS) throw new SimulationError({ kind: 'tooManyBlocks' });
  let total = 0;
  for (const block of blocks) {
    if (block.calls.length > MAX_CALLS_PER_SIMULATED_BLOCK) {
      throw new SimulationError({ kind: 'tooManyCallsInBlock', calls: block.calls.length, max: MAX_CALLS_PER_SIMULATED_BLOCK });
    }
    total += block.calls.length;
    if (total > MAX_SIMULATED_CALLS) throw new SimulationError({ kind: 'tooManyCalls', calls: total, max: MAX_SIMULATED_CALLS });
  }
}

function chainHash(view: ChainView, number: bigint): Uint8Array | undefined {
  const block = number <= BigInt(Number.MAX_SAFE_INTEGER) ? view.block(Number(number)) : undefined;
  return block ? hexToBytes(block.hash) : undefined;
}

function optionalQuantity(value: string | undefined): bigint | undefined {
  return value === undefined ? undefined : BigInt(value);
}
