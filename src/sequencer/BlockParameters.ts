import type { Common } from '@ethereumjs/common';
import { nextBaseFeeAfter } from '../chain/nextBaseFee.js';
import type { StoredBlock } from '../chain/records.js';

/** The largest timestamp a block header holds (a uint64). */
export const MAX_BLOCK_TIMESTAMP = 2n ** 64n - 1n;

/** What a block is opened with: the header fields fixed before its first sub-block. */
export interface BlockStamp {
  timestamp: bigint;
  baseFeePerGas: bigint;
  gasLimit: bigint;
  coinbase: Uint8Array;
  /** The one-shot settings (evm_setNextBlockTimestamp, anvil_setNextBlockBaseFeePerGas) this stamp used: spent when its block is sealed. */
  spends: { timestamp?: bigint; baseFeePerGas?: bigint };
}

/** The values a node starts with (and anvil_reset goes back to). */
export interface BlockParameterDefaults {
  gasLimit: bigint;
  coinbase: Uint8Array;
  /** The chain's Common (its fork schedule, see config/ScheduledCommon.ts): what decides each block's fork-dependent fields. */
  common: Common;
  /**
   * True on a chain from a geth genesis file: the gas limit moves toward `gasLimit` by the protocol's step
   * (parent / 1024) per block, so its blocks stay valid for other clients; else it is `gasLimit` at once.
   */
  stepGasLimit?: boolean;
}

/**
 * What the next blocks are stamped with, and the dev methods that change it: the chain's clock
 * (an offset from the wall clock, an exact next timestamp, a fixed step between timestamps), the
 * next base fee, the gas limit and the coinbase. Owned by the sequencer, changed only between
 * its steps.
 *
 * Timestamps always increase strictly (Ethereum's rule; geth rejects a block whose timestamp is
 * not above its parent's): a block takes `max(chain clock, parent + 1)`. The chain clock is the
 * wall clock plus the offset, so blocks never run ahead of the wall clock unless time was moved
 * (evm_increaseTime, anvil_setTime, evm_setNextBlockTimestamp) — or more than one block falls in
 * one second (instant mining, anvil_mine): each then takes the next second, and the chain runs
 * ahead until the blocks slow down and the wall clock catches up, as in Hardhat.
 *
 * None of this is durable: a restart starts from the flags again (and from the stored chain's
 * last timestamp, which the next block still exceeds).
 */
export class BlockParameters {
  gasLimit: bigint;
  coinbase: Uint8Array;
  /** Seconds added to the wall clock (negative after a revert to an older block). */
  private offsetSeconds = 0n;
  private nextTimestamp: bigint | undefined;
  private timestampStep: bigint | undefined;
  private nextBaseFeePerGas: bigint | undefined;

  constructor(readonly defaults: BlockParameterDefaults) {
    this.gasLimit = defaults.gasLimit;
    this.coinbase = defaults.coinbase;
  }

  /** The stamp of the block after `parent`, opened at `atMs` (wall clock). */
  stampAfter(parent: StoredBlock, atMs: number): BlockStamp {
    const parentTimestamp = BigInt(parent.timestamp);
    const spends: BlockStamp['spends'] = {};
    let timestamp: bigint;
    if (this.nextTimestamp !== undefined) {
      timestamp = this.nextTimestamp;
      spends.timestamp = this.nextTimestamp;
    } else if (this.timestampStep !== undefined) timestamp = parentTimestamp + this.timestampStep;
    else timestamp = this.chainSecond(atMs);
    if (timestamp <= parentTimestamp) timestamp = parentTimestamp + 1n;
    // A header's timestamp is a uint64: an offset or a step that would pass it saturates there, as
    // Anvil's clock does (the one block that follows one at the maximum keeps the maximum).
    if (timestamp > MAX_BLOCK_TIMESTAMP) timestamp = MAX_BLOCK_TIMESTAMP;

    let baseFeePerGas: bigint;
    if (this.nextBaseFeePerGas !== undefined) {
      baseFeePerGas = this.nextBaseFeePerGas;
      spends.baseFeePerGas = this.nextBaseFeePerGas;
    } else {
      baseFeePerGas = nextBaseFeeAfter(this.defaults.common, parent, timestamp);
    }
    return { timestamp, baseFeePerGas, gasLimit: this.gasLimit, coinbase: this.coinbase, spends };
  }

  /**
   * A block stamped with `stamp` was sealed at `atMs`: its one-shot settings are used up (unless
   * set again since). After an exact timestamp the clock continues from it, as in Anvil.
   */
  sealed(stamp: Pick<BlockStamp, 'timestamp' | 'spends'>, atMs: number): void {
    if (stamp.spends.timestamp !== undefined && stamp.spends.timestamp === this.nextTimestamp) {
      this.nextTimestamp = undefined;
      this.offsetSeconds = stamp.timestamp - wallSecond(atMs);
    }
    if (stamp.spends.baseFeePerGas !== undefined && stamp.spends.baseFeePerGas === this.nextBaseFeePerGas) this.nextBaseFeePerGas = undefined;
  }

  /** The chain's clock at `atMs`, in whole seconds. */
  chainSecond(atMs: number): bigint {
    return wallSecond(atMs) + this.offsetSeconds;
  }

  /** The wall-clock ms at which the chain's clock reaches `timestamp`. */
  wallMsOf(timestamp: bigint): number {
    return Number(timestamp - this.offsetSeconds) * 1000;
  }

  /** evm_increaseTime: moves the chain's clock forward; returns the total offset in seconds. */
  increaseTime(seconds: bigint): bigint {
    this.offsetSeconds += seconds;
    return this.offsetSeconds;
  }

  /**
   * Before each block of anvil_mine / hardhat_mine with an interval of `seconds`: the first block
   * (`previous` undefined) is stamped with the clock moved `seconds` forward (Anvil's rule); each later
   * one exactly `seconds` after the block before it, however long the run takes (a run that crossed a
   * wall-clock second had stamped one gap a second longer), and the clock continues from there. An
   * interval of 0 leaves the clock as it is.
   */
  stepBeforeMinedBlock(previous: StoredBlock | undefined, seconds: bigint): void {
    if (previous === undefined || seconds === 0n) this.increaseTime(seconds);
    else this.setNextTimestamp(BigInt(previous.timestamp) + seconds);
  }

  /** anvil_setTime: sets the chain's clock to `timestamp` now (and forgets an exact next timestamp). */
  setTime(timestamp: bigint, atMs: number): void {
    this.offsetSeconds = timestamp - wallSecond(atMs);
    this.nextTimestamp = undefined;
  }

  /** evm_setNextBlockTimestamp (checked by the caller against the block it follows). */
  setNextTimestamp(timestamp: bigint): void {
    this.nextTimestamp = timestamp;
  }

  /** anvil_setBlockTimestampInterval: each block `seconds` after its parent. */
  setTimestampStep(seconds: bigint): void {
    this.timestampStep = seconds;
  }

  /** anvil_removeBlockTimestampInterval: true when a step was set. */
  removeTimestampStep(): boolean {
    const had = this.timestampStep !== undefined;
    this.timestampStep = undefined;
    return had;
  }

  /** anvil_setNextBlockBaseFeePerGas. */
  setNextBaseFee(baseFeePerGas: bigint): void {
    this.nextBaseFeePerGas = baseFeePerGas;
  }

  /**
   * After a rewind to a block with `timestamp` (evm_revert, anvil_rollback): the chain's clock
   * goes back to it, as in Anvil, and an exact next timestamp is forgotten.
   */
  rewoundTo(timestamp: bigint, atMs: number): void {
    this.setTime(timestamp, atMs);
  }

  /** anvil_reset: everything back to the node's start values. */
  reset(): void {
    this.gasLimit = this.defaults.gasLimit;
    this.coinbase = this.defaults.coinbase;
    this.offsetSeconds = 0n;
    this.nextTimestamp = undefined;
    this.timestampStep = undefined;
    this.nextBaseFeePerGas = undefined;
  }
}

function wallSecond(atMs: number): bigint {
  return BigInt(Math.floor(atMs / 1000));
}
