import type { TransactionRejection } from '../errors/TransactionRejection.js';

/**
 * What validating a transaction gives, instead of an exception (the shape of reth's
 * `TransactionValidationOutcome`): `valid` with what the step produced, or `invalid` with the
 * typed reason. Faults of the node itself (storage, bugs) still throw.
 */
export type ValidationOutcome<T> = { valid: true; value: T } | { valid: false; reason: TransactionRejection };

/** A valid outcome holding `value`. */
export function valid<T>(value: T): ValidationOutcome<T> {
  return { valid: true, value };
}

/** An invalid outcome for `reason`. */
export function invalid<T>(reason: TransactionRejection): ValidationOutcome<T> {
  return { valid: false, reason };
}
