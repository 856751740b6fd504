import { pooledTransactionView } from '../views/pooledTransactionView.js';
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
  start: (deps, { full }, notify) => deps.events.on('pendingTransaction', ({ hash, transaction }) => notify(full ? pooledTransactionView(transaction) : hash)),
});
