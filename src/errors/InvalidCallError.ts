import type { CallOperation } from './CallOperation.js';
import type { InvalidCallReason } from './InvalidCallReason.js';
import { SequinError } from './SequinError.js';

/** A call that could not be executed (see {@link InvalidCallReason}), during `operation`. */
export class InvalidCallError extends SequinError {
  readonly kind = 'invalidCall';

  constructor(
    readonly reason: InvalidCallReason,
    readonly operation: CallOperation,
  ) {
    super(`invalid call (${reason.kind}) during ${operation}`);
  }
}
