import { SequinError } from './SequinError.js';

/** The struct logger's entries grew past `limitBytes` (a memory guard geth does not have). */
export class StructLogTooLargeError extends SequinError {
  readonly kind = 'structLogTooLarge';

  constructor(readonly limitBytes: number) {
    super(`struct log exceeds ${limitBytes} bytes`);
  }
}
