import { SequinError } from './SequinError.js';

/**
 * A parameter that decoded but makes no sense for the node's state or limits (a decoder's own
 * refusals stay in the RPC layer). `index` is the parameter's position, when the message names
 * it; `problem` says what is wrong, in words a client can act on.
 */
export class InvalidArgumentError extends SequinError {
  readonly kind = 'invalidArgument';

  constructor(
    readonly problem: string,
    readonly index?: number,
  ) {
    super(index === undefined ? problem : `argument ${index}: ${problem}`);
  }
}
