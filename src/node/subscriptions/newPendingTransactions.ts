import type { SubscriptionSource } from './SubscriptionSource.js';

/** newPendingTransactions: each tx admitted to the pool, as its hash or (full) the transaction. */
export const newPendingTransactions: SubscriptionSource<{ full: boolean }> = (deps, { full }, notify) =>
  deps.events.on('pendingTransaction', ({ hash }) => {
    if (!full) {
      notify(hash);
      return;
    }
    const transaction = deps.transactionByHash(hash);
    if (transaction) notify(transaction);
  });
