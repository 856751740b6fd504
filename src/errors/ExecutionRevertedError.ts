import type { CallOperation } from './CallOperation.js';
import { SequinError } from './SequinError.js';

/**
 * A call that ran and reverted (REVERT, or a failed `require`/`assert`): the revert bytes, and
 * the human reason decoded from them (an `Error(string)` text or a panic's meaning), if any.
 */
export class ExecutionRevertedError extends SequinError {
  readonly kind = 'executionReverted';
  readonly returnData: Uint8Array;
  readonly reason?: string;
  readonly operation: CallOperation;

  constructor(fields: { returnData: Uint8Array; reason?: string; operation: CallOperation }) {
    super(fields.reason === undefined ? 'execution reverted' : `execution reverted: ${fields.reason}`);
    this.returnData = fields.returnData;
    if (fields.reason !== undefined) this.reason = fields.reason;
    this.operation = fields.operation;
  }
}
