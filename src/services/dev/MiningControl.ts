import type { StoredBlock } from '../../chain/records.js';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import type { SimulatedL1 } from '../../execution/opStack/SimulatedL1.js';
import { intervalMining } from '../../sequencer/MiningMode.js';
import type { Sequencer } from '../../sequencer/Sequencer.js';
import type { BlockQueries } from '../blocks/BlockQueries.js';
import type { RpcBlock } from '../views/RpcBlock.js';
import type { RpcTransaction } from '../views/storedTransactionView.js';
import { checkNextTimestamp } from './timeRules.js';

/** What evm_mine takes: an exact timestamp for the (first) block and how many blocks. */
export interface EvmMineOptions {
  timestamp?: bigint;
  blocks?: bigint;
}

/** What mining control works with. */
export interface MiningControlParts {
  sequencer: Pick<Sequencer, 'mode' | 'setMode' | 'pause' | 'resume' | 'mine' | 'adjust'>;
  blocks: Pick<BlockQueries, 'getBlock'>;
  /** --preconf-interval: the sub-block interval interval mining prefers. */
  preconfIntervalMs: number;
  /** An OP Stack chain's simulated L1 (`--network`); none on Ethereum. */
  l1?: Pick<SimulatedL1, 'setBaseFee' | 'setBlobBaseFee'>;
}

/**
 * How blocks are made, at run time, with Anvil's methods and answers: the mining mode
 * (automine = instant, interval mining, neither = manual, miner_stop / miner_start), mining on
 * demand (evm_mine, anvil_mine), and what the next blocks carry (base fee, gas limit, coinbase).
 * Every change goes through the sequencer between its steps.
 */
export class MiningControl {
  constructor(private readonly parts: MiningControlParts) {}

  /** anvil_getAutomine: true in instant mode. */
  getAutomine(): boolean {
    return this.parts.sequencer.mode.kind === 'instant';
  }

  /** anvil_setAutomine / evm_setAutomine: on → instant; off → manual (Anvil's "no mining"), only when it was on. */
  async setAutomine(enabled: boolean): Promise<void> {
    const { sequencer } = this.parts;
    if (enabled && sequencer.mode.kind !== 'instant') await sequencer.setMode({ kind: 'instant' });
    if (!enabled && sequencer.mode.kind === 'instant') await sequencer.setMode({ kind: 'manual' });
  }

  /** anvil_getIntervalMining: the block time in seconds in interval mode, else null. */
  getIntervalMining(): number | null {
    const { mode } = this.parts.sequencer;
    return mode.kind === 'interval' ? mode.blockTimeMs / 1000 : null;
  }

  /** anvil_setIntervalMining / evm_setIntervalMining: a block every `seconds` (sub-blocks within it); 0 → manual. */
  async setIntervalMining(seconds: bigint): Promise<void> {
    if (seconds === 0n) return this.parts.sequencer.setMode({ kind: 'manual' });
    if (seconds > 86_400n) throw new InvalidArgumentError(`interval mining of ${seconds} s is longer than a day`);
    return this.parts.sequencer.setMode(intervalMining(Number(seconds) * 1000, this.parts.preconfIntervalMs));
  }

  /** miner_stop: no automatic blocks until miner_start (evm_mine still works). */
  stopMining(): Promise<void> {
    return this.parts.sequencer.pause();
  }

  /** miner_start: resumes the mode miner_stop paused. */
  startMining(): Promise<void> {
    return this.parts.sequencer.resume();
  }

  /**
   * anvil_mine / hardhat_mine: `blocks` blocks now (default 1); with `intervalSeconds`, the chain's clock
   * moves that far forward before the first block (Anvil's rule) and each later block is stamped exactly that
   * far after the one before it (BlockParameters.stepBeforeMinedBlock). At most {@link MAX_MINED_BLOCKS}.
   */
  async mine(blocks: bigint | undefined, intervalSeconds: bigint | undefined): Promise<void> {
    await this.parts.sequencer.mine({ blocks: blockCount(blocks ?? 1n), ...(intervalSeconds === undefined ? {} : { intervalSeconds }) });
  }

  /** evm_mine: one block (or `blocks`), the first at `timestamp` when given. */
  async evmMine(options: EvmMineOptions): Promise<StoredBlock[]> {
    const { timestamp } = options;
    return this.parts.sequencer.mine({
      blocks: blockCount(options.blocks ?? 1n),
      ...(timestamp === undefined
        ? {}
        : {
            prepare: (parameters, tip) => {
              checkNextTimestamp(timestamp, tip);
              parameters.setNextTimestamp(timestamp);
            },
          }),
    });
  }

  /** anvil_mine_detailed / evm_mine_detailed: as evm_mine, answering the mined blocks with their transactions. */
  async evmMineDetailed(options: EvmMineOptions): Promise<RpcBlock<RpcTransaction>[]> {
    const sealed = await this.evmMine(options);
    return sealed.map((block) => this.parts.blocks.getBlock({ kind: 'hash', hash: block.hash }, true)!);
  }

  /** anvil_setNextBlockBaseFeePerGas: the base fee of the next block (then EIP-1559 from it). */
  setNextBlockBaseFeePerGas(baseFeePerGas: bigint): Promise<void> {
    return this.parts.sequencer.adjust((parameters) => parameters.setNextBaseFee(baseFeePerGas));
  }

  /**
   * sequin_setL1BaseFee / sequin_setL1BlobBaseFee: the simulated L1's fees, which the L1-attributes
   * deposit of the next block (the open one, if it has no sub-block yet) writes into L1Block.
   */
  setL1Fee(kind: 'baseFee' | 'blobBaseFee', wei: bigint): void {
    const { l1 } = this.parts;
    if (l1 === undefined) throw new InvalidArgumentError('not an OP Stack chain: the L1 fees exist with --network optimism, base or base-sepolia');
    if (kind === 'baseFee') l1.setBaseFee(wei);
    else l1.setBlobBaseFee(wei);
  }

  /** anvil_setCoinbase: who receives the tips of the next blocks. */
  setCoinbase(address: Uint8Array): Promise<void> {
    return this.parts.sequencer.adjust((parameters) => {
      parameters.coinbase = address;
    });
  }

  /** evm_setBlockGasLimit / anvil_setBlockGasLimit: the gas limit of the next blocks; the pool refuses what they cannot hold. */
  async setBlockGasLimit(gasLimit: bigint): Promise<void> {
    if (gasLimit < 21_000n) throw new InvalidArgumentError(`block gas limit ${gasLimit} is below 21000, the gas of the smallest transaction`);
    if (gasLimit >= 2n ** 64n) throw new InvalidArgumentError('block gas limit does not fit 64 bits');
    return this.parts.sequencer.adjust((parameters) => {
      parameters.gasLimit = gasLimit;
    });
  }

  /** anvil_setMinGasPrice: a legacy-fee setting; this chain always runs EIP-1559, so refused as Anvil refuses it there. */
  setMinGasPrice(method: 'anvil_setMinGasPrice' | 'hardhat_setMinGasPrice'): never {
    throw new InvalidArgumentError(`${method} is not supported when EIP-1559 is active`);
  }
}

/** Most blocks one anvil_mine / hardhat_mine / evm_mine may make (empty ones are committed 10,000 at a time: sealEmptyBlocks.ts). */
export const MAX_MINED_BLOCKS = 100_000;

function blockCount(blocks: bigint): number {
  if (blocks > BigInt(MAX_MINED_BLOCKS)) throw new InvalidArgumentError(`cannot mine more than ${MAX_MINED_BLOCKS} blocks at once, got ${blocks}`);
  return Number(blocks);
}
