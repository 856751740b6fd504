import { wholeNumber } from '../settingKinds.js';

/** eth_getLogs and filters: how far one query reaches, how much it returns, how long and how many filters live. */
export const LOG_QUERY_SETTINGS = {
  rpcLogsBlockRange: wholeNumber({
    name: 'rpc-logs-block-range',
    default: 10_000,
    min: 1,
    doc: 'most blocks one `eth_getLogs` / `eth_getFilterLogs` query may span (more → -32005 `exceed maximum block range: N`)',
  }),
  rpcLogsMaxResults: wholeNumber({
    name: 'rpc-logs-max-results',
    default: 10_000,
    min: 1,
    doc: 'most logs one `eth_getLogs` / `eth_getFilterLogs` answer may hold (more → -32005 `query returned more than N results`); also the most items one `eth_getFilterChanges` poll returns',
  }),
  rpcFilterTimeoutMs: wholeNumber({
    name: 'rpc-filter-timeout',
    unit: 'ms',
    default: 5 * 60 * 1000,
    min: 1000,
    doc: "milliseconds a filter lives without an `eth_getFilterChanges` poll (geth's 5 minutes)",
  }),
  rpcFiltersPerClient: wholeNumber({
    name: 'rpc-filters-per-client',
    default: 250,
    min: 1,
    doc: 'most filters one client (its API key, or its address) may have installed; the node holds 10,000 in all',
  }),
};
