import { SequinError } from './SequinError.js';

/**
 * Re-executing a transaction for a trace failed for a reason that is not a domain error (the
 * VM refused the stored transaction). `details` is that error's message.
 */
export class TracingFailedError extends SequinError {
  readonly kind = 'tracingFailed';
  declare readonly details: string;

  constructor(cause: unknown) {
    super('tracing failed', { details: cause instanceof Error ? cause.message : String(cause), cause });
  }
}
