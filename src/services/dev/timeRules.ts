import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import type { ChainTip } from '../../sequencer/Sequencer.js';

/**
 * Refuses an exact next timestamp the next block could not have: it must lie above the
 * timestamp of the block it follows — the latest block, or the open block when that already
 * holds pre-confirmed sub-blocks (it keeps its own timestamp; the next one gets this). Anvil's
 * words; Anvil also takes an equal timestamp, which Sequin refuses (timestamps increase strictly).
 */
export function checkNextTimestamp(timestamp: bigint, tip: ChainTip): void {
  const previous = tip.open.isEmpty ? BigInt(tip.latest.timestamp) : tip.open.timestamp;
  if (timestamp < previous) throw new InvalidArgumentError(`Timestamp error: ${timestamp} is lower than previous block's timestamp`);
  if (timestamp === previous) throw new InvalidArgumentError(`Timestamp error: ${timestamp} is equal to previous block's timestamp (timestamps must increase)`);
}
