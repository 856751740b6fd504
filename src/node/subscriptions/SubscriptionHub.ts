import type { Notify } from '../../rpc/server/SubscriptionSession.js';
import type { SubscriptionRequest } from '../../rpc/subscriptions/SubscriptionRequest.js';
import { preconfirmedLogs, sealedLogs } from './logs.js';
import { newHeads } from './newHeads.js';
import { newPendingTransactions } from './newPendingTransactions.js';
import { newPreconfBlockTransactions } from './newPreconfBlockTransactions.js';
import { newPreconfSubBlocks } from './newPreconfSubBlocks.js';
import type { SubscriptionDeps } from './SubscriptionSource.js';

/** Routes each subscription request to its source (one file per kind in this folder). */
export class SubscriptionHub {
  constructor(private readonly deps: SubscriptionDeps) {}

  /** Starts `request`; returns the function that stops it. Throws an RpcError, delivering nothing, for a request that cannot be served. */
  start(request: SubscriptionRequest, notify: Notify): () => void {
    switch (request.kind) {
      case 'newHeads':
        return newHeads(this.deps, request, notify);
      case 'logs':
        return sealedLogs(this.deps, request, notify);
      case 'newPreconfLogs':
        return preconfirmedLogs(this.deps, request, notify);
      case 'newPendingTransactions':
        return newPendingTransactions(this.deps, request, notify);
      case 'newPreconfBlockTransactions':
        return newPreconfBlockTransactions(this.deps, request, notify);
      case 'newPreconfSubBlocks':
        return newPreconfSubBlocks(this.deps, request, notify);
    }
  }
}
