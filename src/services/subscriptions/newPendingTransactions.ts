import { pooledTransactionView } from '../views/pooledTransactionView.js';
import { NotificationBatch } from './NotificationBatch.js';
import { defineSubscription } from './SubscriptionDefinition.js';

/** newPendingTransactions: each tx admitted to the pool, as its hash or (full) the transaction. */
export const newPendingTransactions = defineSubscription({
  name: 'newPendingTransactions',
  summary: 'Each transaction admitted to the pool: its hash, or with `true` the transaction.',
  optionsSchema: { type: 'boolean' },
  decodeOptions: (options: unknown) => {
    if (options !== undefined && typeof options !== 'boolean') throw new TypeError('newPendingTransactions takes one boolean (full transactions)');
    return { full: options === true };
  },
  start: (deps, { full }, notify) =>
    deps.events.on('pendingTransaction', (event) =>
      notify(
        full
          ? deps.perEvent.get(event, 'newPendingTransactions:full', () => NotificationBatch.one(pooledTransactionView(event.transaction)))
          : deps.perEvent.get(event, 'newPendingTransactions:hash', () => NotificationBatch.one(event.hash)),
      ),
    ),
});
