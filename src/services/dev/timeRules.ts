import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import { MAX_BLOCK_TIMESTAMP } from '../../sequencer/BlockParameters.js';
import type { ChainTip } from '../../sequencer/Sequencer.js';

/**
 * Refuses an exact next timestamp the next block could not have: it must lie above the
 * timestamp of the block it follows — the latest block, or the open block when that already
 * holds pre-confirmed sub-blocks (it keeps its own timestamp; the next one gets this). Anvil's
 * words; Anvil also takes an equal timestamp, which Sequin refuses (timestamps increase strictly).
 */
export function checkNextTimestamp(timestamp: bigint, tip: ChainTip): void {
  if (timestamp > MAX_BLOCK_TIMESTAMP) throw new InvalidArgumentError('The timestamp is too big');
  const previous = tip.open.isEmpty ? BigInt(tip.latest.timestamp) : tip.open.timestamp;
  if (timestamp < previous) throw new InvalidArgumentError(`Timestamp error: ${timestamp} is lower than previous block's timestamp`);
  if (timestamp === previous) throw new InvalidArgumentError(`Timestamp error: ${timestamp} is equal to previous block's timestamp (timestamps must increase)`);
}

/** Refuses a step between block timestamps that a header's uint64 timestamp could not take (Anvil's parameter is a u64). */
export function checkTimestampStep(seconds: bigint): void {
  if (seconds > MAX_BLOCK_TIMESTAMP) throw new InvalidArgumentError(`interval ${seconds} is above 2^64 - 1 seconds`);
}
