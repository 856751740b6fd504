import type { BlockSelector } from '../primitives/blockTag.js';
import { SequinError } from './SequinError.js';

/** What a request named that does not exist. */
export type MissingSubject =
  /** The state or header of a block (state methods, eth_feeHistory, eth_createAccessList). */
  | { kind: 'header' }
  /** The block a trace names. */
  | { kind: 'block'; block: BlockSelector }
  /** A block a log query names by hash. */
  | { kind: 'logBlock' }
  | { kind: 'transaction' }
  /** debug_traceCall's txIndex past the block's transactions. */
  | { kind: 'transactionIndex'; index: number; blockNumber: number }
  /** An unknown, expired or uninstalled filter id. */
  | { kind: 'filter' }
  /** A subscription id this connection does not hold. */
  | { kind: 'subscription' };

/** A block, transaction, filter or subscription a request names that the node does not have. */
export class NotFoundError extends SequinError {
  readonly kind = 'notFound';

  constructor(readonly subject: MissingSubject) {
    super(`${subject.kind} not found`);
  }
}
