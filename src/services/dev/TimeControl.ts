import type { Sequencer } from '../../sequencer/Sequencer.js';
import { checkNextTimestamp, checkTimestampStep } from './timeRules.js';

/** Milliseconds since the epoch reach 1e12 in 2001 while seconds will not until the year 33658: anvil_setTime tells them apart by size, as Anvil does. */
const MILLISECONDS_FROM = 1_000_000_000_000n;

/**
 * The chain's clock, with Anvil's time methods: block timestamps follow the wall clock plus an
 * offset (evm_increaseTime, anvil_setTime), or an exact next timestamp (evm_setNextBlockTimestamp),
 * or a fixed step per block (anvil_setBlockTimestampInterval). Timestamps still increase strictly
 * (see BlockParameters). Changes reach the open block too while it holds no sub-block.
 */
export class TimeControl {
  constructor(
    private readonly sequencer: Pick<Sequencer, 'adjust'>,
    private readonly now: () => number,
  ) {}

  /** evm_increaseTime: moves the clock `seconds` forward; answers the total offset in seconds. */
  increaseTime(seconds: bigint): Promise<bigint> {
    return this.sequencer.adjust((parameters) => parameters.increaseTime(seconds));
  }

  /** evm_setNextBlockTimestamp: the exact timestamp of the next block; the clock continues from it. */
  setNextBlockTimestamp(timestamp: bigint): Promise<void> {
    return this.sequencer.adjust((parameters, tip) => {
      checkNextTimestamp(timestamp, tip);
      parameters.setNextTimestamp(timestamp);
    });
  }

  /**
   * anvil_setTime: sets the clock to `timestamp` (seconds, or milliseconds when ≥ 1e12); answers
   * how many seconds that is ahead of the clock before (0 when behind), as Anvil does.
   */
  setTime(timestamp: bigint): Promise<bigint> {
    const seconds = timestamp >= MILLISECONDS_FROM ? timestamp / 1000n : timestamp;
    return this.sequencer.adjust((parameters) => {
      const now = this.now();
      const before = parameters.chainSecond(now);
      parameters.setTime(seconds, now);
      return seconds > before ? seconds - before : 0n;
    });
  }

  /** anvil_setBlockTimestampInterval: each next block `seconds` after its parent. */
  setBlockTimestampInterval(seconds: bigint): Promise<void> {
    return this.sequencer.adjust((parameters) => {
      checkTimestampStep(seconds);
      parameters.setTimestampStep(seconds);
    });
  }

  /** anvil_removeBlockTimestampInterval: true when a step was set. */
  removeBlockTimestampInterval(): Promise<boolean> {
    return this.sequencer.adjust((parameters) => parameters.removeTimestampStep());
  }
}
