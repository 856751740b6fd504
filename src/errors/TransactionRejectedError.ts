import { SequinError } from './SequinError.js';
import type { TransactionRejection } from './TransactionRejection.js';

/**
 * A transaction the pool would not take, with the typed reason its validation gave. The pool
 * itself returns outcomes; this error is how the intake's promise (eth_sendRawTransaction,
 * eth_sendTransaction) reports an invalid one.
 */
export class TransactionRejectedError extends SequinError {
  readonly kind = 'transactionRejected';

  constructor(readonly reason: TransactionRejection) {
    super(`transaction rejected (${reason.kind})`);
  }
}
