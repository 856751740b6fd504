import type { RpcLog } from '../../chain/receiptView.js';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import { LimitExceededError } from '../../errors/LimitExceededError.js';
import { NotFoundError } from '../../errors/NotFoundError.js';
import type { BlockNumberOrTag } from '../../primitives/blockTag.js';
import type { ChainLogSource } from './ChainLogSource.js';
import { collectLogs } from './collectLogs.js';
import type { LogFilter } from './LogFilter.js';
import { LogMatcher } from './LogMatcher.js';

/** Caps of one log query (--rpc-logs-block-range, --rpc-logs-max-results). */
export interface LogQueryLimits {
  /** Most blocks one query may span. */
  blockRange: number;
  /** Most logs one answer may hold. */
  maxResults: number;
}

/** The blocks a filter covers, already clamped to blocks that exist (`to < from` when none does yet). */
export interface LogRange {
  from: number;
  to: number;
}

/**
 * eth_getLogs: the logs matching `filter`, in (block, log index) order.
 *
 * The range defaults to latest..latest; "latest", "safe" and "finalized" are the last sealed
 * block, "earliest" genesis, and "pending" the open block, so a range reaching "pending" also
 * returns the logs of pre-confirmed transactions (block hash zero until sealed). Numeric bounds
 * only cover sealed blocks. Errors: a numeric `toBlock` past the head → -32602 "block range
 * extends beyond current head block" (geth's); `blockHash` of no sealed
 * block → -32000 "unknown block"; from > to → -32602 "invalid block range params"; more than
 * `limits.blockRange` blocks (after clamping to the head) → -32005 "exceed maximum block range: N";
 * more than `limits.maxResults` logs → -32005 "query returned more than N results".
 */
export function queryLogs(source: ChainLogSource, filter: LogFilter, limits: LogQueryLimits): RpcLog[] {
  const range = resolveLogRange(source, filter);
  if (range.to < range.from) return [];
  if (range.to - range.from + 1 > limits.blockRange) throw new LimitExceededError({ kind: 'logBlockRange', max: limits.blockRange });
  const { logs, stoppedAt } = collectLogs(source, new LogMatcher(filter), { block: range.from, logIndex: 0 }, range.to, limits.maxResults);
  if (stoppedAt) throw new LimitExceededError({ kind: 'logResults', max: limits.maxResults });
  return logs;
}

/** The block numbers `filter` covers now (see {@link queryLogs} for the rules and errors). */
export function resolveLogRange(source: ChainLogSource, filter: LogFilter): LogRange {
  if (filter.blockHash !== undefined) {
    const number = source.numberOf(filter.blockHash);
    if (number === undefined) throw new NotFoundError({ kind: 'logBlock' });
    return { from: number, to: number };
  }
  const head = source.head();
  const from = blockNumberOf(filter.fromBlock, head);
  const to = blockNumberOf(filter.toBlock, head);
  if (from > to) throw new InvalidArgumentError('invalid block range params');
  // geth's rule: a numeric bound past the head is an error, not an empty answer ("pending" is the open block).
  if (filter.toBlock?.kind === 'number' && to > BigInt(head)) throw new InvalidArgumentError('block range extends beyond current head block');
  const newest = BigInt(reachesPending(filter) ? head + 1 : head);
  return { from: Number(from), to: Number(to < newest ? to : newest) };
}

/** True when the filter names "pending": its range then includes the open block's pre-confirmed logs. */
export function reachesPending(filter: LogFilter): boolean {
  return isPending(filter.fromBlock) || isPending(filter.toBlock);
}

function isPending(block: BlockNumberOrTag | undefined): boolean {
  return block?.kind === 'tag' && block.tag === 'pending';
}

function blockNumberOf(block: BlockNumberOrTag | undefined, head: number): bigint {
  if (block === undefined) return BigInt(head);
  if (block.kind === 'number') return block.number;
  if (block.tag === 'earliest') return 0n;
  if (block.tag === 'pending') return BigInt(head + 1);
  return BigInt(head);
}
