import { SequinError } from './SequinError.js';

/** A trace of the genesis block, which has no transactions to replay (geth refuses it alike). */
export class GenesisNotTraceableError extends SequinError {
  readonly kind = 'genesisNotTraceable';

  constructor() {
    super('genesis is not traceable');
  }
}
