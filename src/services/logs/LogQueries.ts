import type { Hex } from '../../primitives/hex.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { FilterManager } from '../filters/FilterManager.js';
import { ChainLogSource, type LogView } from './ChainLogSource.js';
import type { LogFilter } from './LogFilter.js';
import { type LogQueryLimits, queryLogs } from './queryLogs.js';

/** eth_getLogs over one chain view, and the polling filters (geth's eth/filters). */
export class LogQueries {
  constructor(
    private readonly views: ViewSource,
    private readonly filters: FilterManager,
    private readonly limits: LogQueryLimits,
  ) {}

  getLogs(filter: LogFilter): LogView[] {
    return queryLogs(new ChainLogSource(this.views.current()), filter, this.limits);
  }

  newFilter(filter: LogFilter, clientId?: string): Hex {
    return this.filters.newLogFilter(filter, clientId);
  }

  newBlockFilter(clientId?: string): Hex {
    return this.filters.newBlockFilter(clientId);
  }

  newPendingTransactionFilter(fullTransactions: boolean, clientId?: string): Hex {
    return this.filters.newPendingTransactionFilter(fullTransactions, clientId);
  }

  getFilterChanges(id: string): unknown[] {
    return this.filters.changes(id);
  }

  getFilterLogs(id: string): LogView[] {
    return this.filters.logs(id);
  }

  uninstallFilter(id: string): boolean {
    return this.filters.uninstall(id);
  }
}
