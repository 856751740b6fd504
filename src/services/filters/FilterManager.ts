import { randomBytes } from 'node:crypto';
import type { RpcLog } from '../../chain/receiptView.js';
import { LimitExceededError } from '../../errors/LimitExceededError.js';
import { NotFoundError } from '../../errors/NotFoundError.js';
import type { EventBus } from '../../events/EventBus.js';
import type { Hex } from '../../primitives/hex.js';
import type { ChainEvents } from '../../sequencer/ChainEvents.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import { ChainLogSource } from '../logs/ChainLogSource.js';
import { collectLogs, type LogPosition } from '../logs/collectLogs.js';
import type { LogFilter } from '../logs/LogFilter.js';
import { LogMatcher } from '../logs/LogMatcher.js';
import { type LogQueryLimits, queryLogs, reachesPending } from '../logs/queryLogs.js';
import type { RpcTransaction } from '../views/storedTransactionView.js';

/** What eth_getFilterChanges answers: a log filter's new logs, a block filter's new block hashes, a pending-transaction filter's hashes (or transactions). */
export type FilterChanges = RpcLog[] | Hex[] | RpcTransaction[];

/** Most filters installed at once, across all clients. */
export const DEFAULT_MAX_FILTERS = 10_000;
/** Filters one client may hold: far more than any dApp polls, few enough that 40 clients cannot exhaust the node. */
export const DEFAULT_MAX_FILTERS_PER_CLIENT = 250;
/** The owner of filters installed without a client identity (in-process callers, tests). */
export const ANONYMOUS_CLIENT = 'anonymous';

/** What a {@link FilterManager} works with. */
export interface FilterManagerOptions {
  /** The chain as it is now; each operation reads one view. */
  views: ViewSource;
  events: EventBus<ChainEvents>;
  /** Milliseconds since the epoch; injected so expiry is testable without waiting. */
  now: () => number;
  /** A filter not polled with eth_getFilterChanges for this long is removed (geth: 5 minutes). */
  timeoutMs: number;
  /** eth_getFilterLogs's caps; `maxResults` also caps what one poll returns and what a pending-tx filter buffers. */
  limits: LogQueryLimits;
  /** Most filters installed at once. Default {@link DEFAULT_MAX_FILTERS}. */
  maxFilters?: number;
  /** Most filters one client (API key or address) may have installed. Default {@link DEFAULT_MAX_FILTERS_PER_CLIENT}. */
  maxFiltersPerClient?: number;
  /** A transaction as eth_getTransactionByHash serves it, for pending-tx filters asked for full transactions. */
  transactionByHash: (hash: Hex) => RpcTransaction | null;
  /** A fresh filter id. Default: geth's, 16 random bytes as a hex quantity. */
  newId?: () => Hex;
}

interface FilterBase {
  /** When eth_getFilterChanges last asked (or when installed). */
  lastPolledAt: number;
  /** The client that installed it, for the per-client quota. */
  owner: string;
}

interface LogsFilter extends FilterBase {
  kind: 'logs';
  criteria: LogFilter;
  matcher: LogMatcher;
  /** True when the criteria name "pending": logs are reported when pre-confirmed, not when sealed. */
  preconfirmed: boolean;
  /** The first log not yet reported. */
  cursor: LogPosition;
}

interface BlocksFilter extends FilterBase {
  kind: 'blocks';
  /** The first sealed block not yet reported. */
  nextBlock: number;
}

interface PendingTransactionsFilter extends FilterBase {
  kind: 'pendingTransactions';
  full: boolean;
  /** Hashes admitted to the pool since the last poll, oldest first (the newest `maxResults` are kept). */
  hashes: Hex[];
}

type InstalledFilter = LogsFilter | BlocksFilter | PendingTransactionsFilter;

/**
 * The polling filters of eth_newFilter, eth_newBlockFilter and eth_newPendingTransactionFilter,
 * with geth's semantics (eth/filters/api.go): ids are 16 random bytes as a hex quantity; an
 * unknown (or expired, or uninstalled) id is -32000 "filter not found"; a filter that has not
 * been polled with eth_getFilterChanges for `timeoutMs` is removed.
 *
 * What eth_getFilterChanges reports since the previous poll (or installation):
 * - block filter: the hashes of blocks sealed since, oldest first;
 * - pending-tx filter: the hashes (or full transactions) admitted to the pool since;
 * - log filter: the matching logs of blocks sealed since, in (block, log index) order, within the
 *   filter's numeric fromBlock/toBlock. A log filter whose fromBlock or toBlock is "pending"
 *   reports each log once, when its transaction is pre-confirmed (block hash zero if the block
 *   is still open at the poll), so clients see logs ~200 ms after submission instead of at the seal.
 *
 * Bounds: at most `maxFilters` filters (-32005 beyond); one poll returns at most
 * `limits.maxResults` items, and block and log filters keep their place so the rest come with
 * the next poll (nothing is lost); a pending-tx filter buffers the newest `limits.maxResults`
 * hashes. Block and log filters buffer nothing: their changes are read from the chain at poll
 * time from a remembered position.
 *
 * Expired filters are swept on every call and on every sealed block, so no timer is needed.
 *
 * After a rewind (evm_revert, anvil_reset) positions past the new head move back to it, so the
 * blocks and logs made after the rewind (which reuse those numbers) are reported as new, as
 * Anvil's filters report the blocks mined after a revert; what was reported before is not
 * taken back (no `removed` logs).
 */
export class FilterManager {
  private readonly filters = new Map<string, InstalledFilter>();
  private readonly maxFilters: number;
  private readonly newId: () => Hex;
  private readonly unsubscribe: (() => void)[];

  constructor(private readonly options: FilterManagerOptions) {
    this.maxFilters = options.maxFilters ?? DEFAULT_MAX_FILTERS;
    this.newId = options.newId ?? randomFilterId;
    this.unsubscribe = [
      options.events.on('pendingTransaction', ({ hash }) => this.onPendingTransaction(hash)),
      options.events.on('sealedBlock', () => this.expire()),
      options.events.on('rewound', ({ blockNumber, view }) => this.onRewound(blockNumber, view.open.logCount)),
    ];
  }

  /** How many filters are installed (after sweeping expired ones). */
  get size(): number {
    this.expire();
    return this.filters.size;
  }

  /** eth_newFilter: reports logs matching `criteria` from now on. */
  newLogFilter(criteria: LogFilter, owner = ANONYMOUS_CLIENT): Hex {
    const source = this.source();
    const preconfirmed = reachesPending(criteria);
    const open = source.open();
    const cursor = preconfirmed ? { block: open.number, logIndex: open.logCount } : { block: source.head() + 1, logIndex: 0 };
    return this.install({ kind: 'logs', criteria, matcher: new LogMatcher(criteria), preconfirmed, cursor, lastPolledAt: 0, owner });
  }

  /** eth_newBlockFilter: reports the hashes of blocks sealed from now on. */
  newBlockFilter(owner = ANONYMOUS_CLIENT): Hex {
    return this.install({ kind: 'blocks', nextBlock: this.source().head() + 1, lastPolledAt: 0, owner });
  }

  /** eth_newPendingTransactionFilter: reports txs admitted to the pool from now on (hashes, or full txs when `full`). */
  newPendingTransactionFilter(full: boolean, owner = ANONYMOUS_CLIENT): Hex {
    return this.install({ kind: 'pendingTransactions', full, hashes: [], lastPolledAt: 0, owner });
  }

  /** eth_getFilterChanges: what happened since the last poll; resets the filter's expiry. */
  changes(id: string): FilterChanges {
    const filter = this.find(id);
    filter.lastPolledAt = this.options.now();
    switch (filter.kind) {
      case 'logs':
        return this.logChanges(filter);
      case 'blocks':
        return this.blockChanges(filter);
      case 'pendingTransactions':
        return this.pendingTransactionChanges(filter);
    }
  }

  /** eth_getFilterLogs: every log matching a log filter's criteria, over its whole range, as eth_getLogs. */
  logs(id: string): RpcLog[] {
    const filter = this.find(id);
    if (filter.kind !== 'logs') throw filterNotFound();
    return queryLogs(this.source(), filter.criteria, this.options.limits);
  }

  /** eth_uninstallFilter: true when the filter existed. */
  uninstall(id: string): boolean {
    this.expire();
    return this.filters.delete(id);
  }

  /** Stops listening to chain events (the filters stay readable). */
  close(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }

  /** The current chain view, as log queries read it. */
  private source(): ChainLogSource {
    return new ChainLogSource(this.options.views.current());
  }

  private install(filter: InstalledFilter): Hex {
    this.expire();
    if (this.filters.size >= this.maxFilters) throw new LimitExceededError({ kind: 'filters', max: this.maxFilters });
    const perClient = this.options.maxFiltersPerClient ?? DEFAULT_MAX_FILTERS_PER_CLIENT;
    if (this.countOwnedBy(filter.owner) >= perClient) {
      throw new LimitExceededError({ kind: 'filtersPerClient', max: perClient });
    }
    let id = this.newId();
    while (this.filters.has(id)) id = this.newId();
    filter.lastPolledAt = this.options.now();
    this.filters.set(id, filter);
    return id;
  }

  private countOwnedBy(owner: string): number {
    let count = 0;
    for (const filter of this.filters.values()) if (filter.owner === owner) count++;
    return count;
  }

  private find(id: string): InstalledFilter {
    this.expire();
    const filter = this.filters.get(id);
    if (!filter) throw filterNotFound();
    return filter;
  }

  private expire(): void {
    const oldestAlive = this.options.now() - this.options.timeoutMs;
    for (const [id, filter] of this.filters) if (filter.lastPolledAt <= oldestAlive) this.filters.delete(id);
  }

  private logChanges(filter: LogsFilter): RpcLog[] {
    const { limits } = this.options;
    const source = this.source();
    // A blockHash filter looks at one block that is already sealed: nothing new can match.
    if (filter.criteria.blockHash !== undefined) return [];
    const open = source.open();
    const newest = filter.preconfirmed ? open.number : source.head();
    const lowest = numericBound(filter.criteria.fromBlock);
    const highest = numericBound(filter.criteria.toBlock);
    const from = lowest !== undefined && lowest > filter.cursor.block ? { block: lowest, logIndex: 0 } : filter.cursor;
    const to = highest !== undefined && highest < newest ? highest : newest;
    if (to < from.block) return [];
    const { logs, stoppedAt } = collectLogs(source, filter.matcher, from, to, limits.maxResults);
    filter.cursor = stoppedAt ?? (to === open.number ? { block: open.number, logIndex: open.logCount } : { block: to + 1, logIndex: 0 });
    return logs;
  }

  private blockChanges(filter: BlocksFilter): Hex[] {
    const { limits } = this.options;
    const source = this.source();
    const last = Math.min(source.head(), filter.nextBlock + limits.maxResults - 1);
    const hashes: Hex[] = [];
    for (let number = filter.nextBlock; number <= last; number++) hashes.push(source.sealedBlockHash(number)!);
    filter.nextBlock = Math.max(filter.nextBlock, last + 1);
    return hashes;
  }

  private pendingTransactionChanges(filter: PendingTransactionsFilter): Hex[] | RpcTransaction[] {
    const hashes = filter.hashes.slice(-this.options.limits.maxResults);
    filter.hashes = [];
    if (!filter.full) return hashes;
    return hashes.map((hash) => this.options.transactionByHash(hash)).filter((transaction): transaction is RpcTransaction => transaction !== null);
  }

  private onRewound(head: number, openLogCount: number): void {
    const open = head + 1;
    for (const filter of this.filters.values()) {
      if (filter.kind === 'blocks') filter.nextBlock = Math.min(filter.nextBlock, open);
      if (filter.kind !== 'logs') continue;
      const { cursor } = filter;
      // A pending filter has reported the open block's logs that a snapshot brought back (the same logs); a sealed-only one reports the block when sealed.
      const openFrom = filter.preconfirmed ? openLogCount : 0;
      if (cursor.block > open || (cursor.block === open && cursor.logIndex > openFrom)) filter.cursor = { block: open, logIndex: openFrom };
    }
  }

  private onPendingTransaction(hash: Hex): void {
    const keep = this.options.limits.maxResults;
    for (const filter of this.filters.values()) {
      if (filter.kind !== 'pendingTransactions') continue;
      filter.hashes.push(hash);
      // Trim in bulk, not per push, so an unpolled filter costs O(1) per transaction.
      if (filter.hashes.length >= 2 * keep) filter.hashes.splice(0, filter.hashes.length - keep);
    }
  }
}

/** geth's rpc.NewID: 16 random bytes, hex-encoded as a quantity (leading zeros dropped). */
export function randomFilterId(): Hex {
  const digits = randomBytes(16).toString('hex').replace(/^0+/, '');
  return `0x${digits || '0'}`;
}

function filterNotFound(): NotFoundError {
  return new NotFoundError({ kind: 'filter' });
}

/** A numeric fromBlock/toBlock as a block number (tags are no bound for changes, as in geth). */
function numericBound(block: LogFilter['fromBlock']): number | undefined {
  if (block?.kind !== 'number') return undefined;
  return block.number > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(block.number);
}
