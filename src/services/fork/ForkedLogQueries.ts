/**
 * eth_getLogs on a fork: the part of a range at or below the fork block is the remote's (one
 * cached eth_getLogs), the rest the local chain's; a block hash of the remote's goes to the remote.
 * Filters (eth_newFilter, …) watch the local chain only: the remote's history does not change.
 */

import type { RpcLog } from '../../chain/receiptView.js';
import type { BlockNumberOrTag } from '../../primitives/blockTag.js';
import type { Hex } from '../../primitives/hex.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { FilterChanges } from '../filters/FilterManager.js';
import type { LogFilter } from '../logs/LogFilter.js';
import type { LogQueries } from '../logs/LogQueries.js';
import { type ForkHistory, quantity } from './ForkHistory.js';

type Logs = Pick<
  LogQueries,
  'getLogs' | 'newFilter' | 'newBlockFilter' | 'newPendingTransactionFilter' | 'getFilterChanges' | 'getFilterLogs' | 'uninstallFilter'
>;

export class ForkedLogQueries implements Logs {
  constructor(
    private readonly local: Logs,
    private readonly history: ForkHistory,
    private readonly views: ViewSource,
  ) {}

  getLogs(filter: LogFilter): RpcLog[] {
    const criteria = { address: filter.addresses, topics: filter.topics };
    if (filter.blockHash !== undefined) {
      const remote = this.history.remoteBlock({ kind: 'hash', hash: filter.blockHash });
      return remote === undefined ? this.local.getLogs(filter) : this.history.call<RpcLog[]>('eth_getLogs', [{ ...criteria, blockHash: remote }]);
    }
    const from = this.numberOf(filter.fromBlock);
    const to = this.numberOf(filter.toBlock);
    const fork = this.history.number;
    if (from > fork || from > to) return this.local.getLogs(filter);
    const remote = this.history.call<RpcLog[]>('eth_getLogs', [{ ...criteria, fromBlock: quantity(from), toBlock: quantity(to < fork ? to : fork) }]);
    if (to <= fork) return remote;
    return [...remote, ...this.local.getLogs({ ...filter, fromBlock: { kind: 'number', number: fork + 1n } })];
  }

  newFilter(filter: LogFilter, clientId?: string): Hex {
    return this.local.newFilter(filter, clientId);
  }

  newBlockFilter(clientId?: string): Hex {
    return this.local.newBlockFilter(clientId);
  }

  newPendingTransactionFilter(fullTransactions: boolean, clientId?: string): Hex {
    return this.local.newPendingTransactionFilter(fullTransactions, clientId);
  }

  getFilterChanges(id: string): FilterChanges {
    return this.local.getFilterChanges(id);
  }

  getFilterLogs(id: string): RpcLog[] {
    return this.local.getFilterLogs(id);
  }

  uninstallFilter(id: string): boolean {
    return this.local.uninstallFilter(id);
  }

  private numberOf(block: BlockNumberOrTag | undefined): bigint {
    if (block?.kind === 'number') return block.number;
    if (block?.tag === 'earliest') return 0n;
    const view = this.views.current();
    return BigInt(view.headNumber) + (block?.tag === 'pending' && view.hasPreconfirmed ? 1n : 0n);
  }
}
