import type { TypedTransaction } from '@ethereumjs/tx';
import { decodeStoredTransaction } from '../execution/impersonatedTransaction.js';
import { gasAndTipRejection, type StatelessRules, toPoolTransaction } from './decodeRawTransaction.js';
import type { PoolTransaction } from './PoolTransaction.js';
import { invalid, type ValidationOutcome, valid } from './ValidationOutcome.js';

/**
 * The stateless admission checks for a transaction sent as an impersonated address
 * (execution/impersonatedTransaction.ts): the gas and fee checks every transaction passes; no
 * signature check, since the sender is given. `impersonated` is the zero-signed transaction the
 * node built itself; the journal keeps its bytes and sender, and {@link decodeJournaledImpersonated}
 * rebuilds it at start-up.
 */
export function decodeImpersonatedTransaction(impersonated: TypedTransaction, sender: Uint8Array, rules: StatelessRules): ValidationOutcome<PoolTransaction> {
  const rejection = gasAndTipRejection(impersonated, rules);
  if (rejection) return invalid(rejection);
  return valid({ ...toPoolTransaction(impersonated, impersonated.serialize(), Buffer.from(sender).toString('hex')), impersonated: true });
}

/** A journaled impersonated transaction (its zero-signed bytes and its sender), checked again. */
export function decodeJournaledImpersonated(raw: Uint8Array, sender: Uint8Array, rules: StatelessRules): ValidationOutcome<PoolTransaction> {
  let transaction: TypedTransaction;
  try {
    transaction = decodeStoredTransaction(raw, sender, rules.common);
  } catch (error) {
    return invalid({ kind: 'malformedEncoding', detail: error instanceof Error ? error.message.split('\n')[0]! : String(error) });
  }
  return decodeImpersonatedTransaction(transaction, sender, rules);
}
