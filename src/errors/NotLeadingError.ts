import { SequinError } from './SequinError.js';

/**
 * An append by a fleet node that may not append to the log: it follows, or another sequencer took
 * over (the stream refused the append at its fence). Nothing was appended, so the client may send
 * again; through another node of the fleet the write reaches the current sequencer.
 */
export class NotLeadingError extends SequinError {
  readonly kind = 'notLeading';

  constructor(readonly reason: string) {
    super(`this node does not sequence the fleet's log: ${reason}`);
    this.name = 'NotLeadingError';
  }
}
