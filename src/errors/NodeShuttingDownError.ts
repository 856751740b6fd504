import { SequinError } from './SequinError.js';

/** Work refused or cut short because the node is stopping. */
export class NodeShuttingDownError extends SequinError {
  readonly kind = 'nodeShuttingDown';

  constructor() {
    super('node is shutting down');
  }
}
