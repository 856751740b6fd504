/** Options every domain error accepts: extra text for logs, and the error that led to it. */
export interface SequinErrorOptions {
  /** What the short message leaves out (for logs), e.g. the text of a library error. */
  details?: string;
  /** The error that caused this one; kept for logs, never sent to a client. */
  cause?: unknown;
}

/**
 * The base of Sequin's domain errors (modelled on viem's `BaseError`): a short message saying
 * what went wrong, optional details, and the cause. A domain error knows nothing of JSON-RPC:
 * no code, no wire wording. `kind` names it for the one table at the RPC edge
 * (`rpc/errors/domainErrorTable.ts`) that turns it into a code, a message and data; the typed
 * fields of each subclass carry what that table needs. `message` is the short message alone,
 * so a log line stays one line; `details` and `cause` travel beside it.
 */
export abstract class SequinError extends Error {
  /**
   * Which domain error this is: every subclass is listed in the DomainError union (DomainError.ts)
   * and every kind has one row in the RPC edge's table. Typed as a string here so the base class
   * does not import its subclasses.
   */
  abstract readonly kind: string;
  readonly shortMessage: string;
  readonly details?: string;

  constructor(shortMessage: string, options: SequinErrorOptions = {}) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.shortMessage = shortMessage;
    if (options.details !== undefined) this.details = options.details;
  }
}
