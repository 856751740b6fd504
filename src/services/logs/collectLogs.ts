import type { RpcLog } from '../../chain/receiptView.js';
import type { LogBlocks } from './ChainLogSource.js';
import type { LogMatcher } from './LogMatcher.js';

/** A place in the chain's sequence of logs: log `logIndex` of block `block` (logs before it are behind). */
export interface LogPosition {
  block: number;
  logIndex: number;
}

/** What {@link collectLogs} found; `stoppedAt` is set when `limit` cut it short. */
export interface CollectedLogs {
  logs: RpcLog[];
  /** The position of the first matching log left out, when there were more than `limit`. */
  stoppedAt?: LogPosition;
}

/**
 * The logs matching `matcher` from position `from` through block `toBlock`, in (block, log index)
 * order, at most `limit` of them. Blocks whose bloom rules out a match are skipped without
 * reading their receipts; the scan ends early at the first block that does not exist yet.
 */
export function collectLogs(source: LogBlocks, matcher: LogMatcher, from: LogPosition, toBlock: number, limit: number): CollectedLogs {
  const logs: RpcLog[] = [];
  for (let number = from.block; number <= toBlock; number++) {
    const block = source.block(number);
    if (!block) break;
    if (!matcher.mayBeIn(block.bloom)) continue;
    const firstIndex = number === from.block ? from.logIndex : 0;
    for (const log of block.logs()) {
      const logIndex = Number(log.logIndex);
      if (logIndex < firstIndex || !matcher.matches(log)) continue;
      if (logs.length === limit) return { logs, stoppedAt: { block: number, logIndex } };
      logs.push(log);
    }
  }
  return { logs };
}
