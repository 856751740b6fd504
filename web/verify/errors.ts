/**
 * What `verifyPreconfirmation` and `checkEquivocationProof` throw: one class, with `reason` saying which
 * check failed and `field` which value (e.g. `receipt.logs[0].data`), so a client can tell a tampering RPC
 * (`proof`, `transaction`, `receipt`) from a wrong setting (`chain`, `signer`).
 */
export type VerificationFailure =
  /** The answer is not shaped as sequin_getPreconfirmation answers (a missing, extra or malformed value). */
  | 'format'
  /** The commitment is for another chain than the one expected. */
  | 'chain'
  /** The signature is malformed or recovers to no key. */
  | 'signature'
  /** The commitment is signed, but by another key than the sequencer's. */
  | 'signer'
  /** The earlier commitments do not chain up to the signed one, or belong to another block. */
  | 'commitments'
  /** A Merkle proof, the header or the first log indexes do not match the commitment's roots and hashes. */
  | 'proof'
  /** A transaction field differs from what the proven transaction says. */
  | 'transaction'
  /** A receipt field differs from what the proven receipt and transaction say. */
  | 'receipt'
  /** An equivocation proof does not show two different promises for one place. */
  | 'equivocation';

export class PreconfirmationVerificationError extends Error {
  override readonly name = 'PreconfirmationVerificationError';

  constructor(
    readonly reason: VerificationFailure,
    message: string,
    /** The value that failed, as a path into the answer (`receipt.gasUsed`, `proof.transaction[1]`). */
    readonly field?: string,
  ) {
    super(field ? `${reason}: ${field}: ${message}` : `${reason}: ${message}`);
  }
}

/** Throws a {@link PreconfirmationVerificationError} unless `condition` holds. */
export function check(condition: unknown, reason: VerificationFailure, message: string, field?: string): asserts condition {
  if (!condition) throw new PreconfirmationVerificationError(reason, message, field);
}
