import type { RpcLog } from '../../chain/receiptView.js';
import type { Hex } from '../../primitives/hex.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { FilterChanges, FilterManager } from '../filters/FilterManager.js';
import { ChainLogSource } from './ChainLogSource.js';
import type { LogFilter } from './LogFilter.js';
import { type LogQueryLimits, queryLogs } from './queryLogs.js';

/** eth_getLogs over one chain view, and the polling filters (geth's eth/filters). */
export class LogQueries {
  constructor(
    private readonly views: ViewSource,
    private readonly filters: FilterManager,
    private readonly limits: LogQueryLimits,
  ) {}

  getLogs(filter: LogFilter): RpcLog[] {
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

  getFilterChanges(id: string): FilterChanges {
    return this.filters.changes(id);
  }

  getFilterLogs(id: string): RpcLog[] {
    return this.filters.logs(id);
  }

  uninstallFilter(id: string): boolean {
    return this.filters.uninstall(id);
  }
}
