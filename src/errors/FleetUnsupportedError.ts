import { SequinError } from './SequinError.js';

/** What a fleet (`--nats`) refuses because its replicas and standbys could not follow it. */
export type FleetUnsupportedOperation = 'rewind';

/**
 * An operation a node of a NATS fleet refuses: the sequencer's log carries sub-blocks, seals,
 * accepted and dropped transactions, but not a rewind (evm_revert, anvil_rollback, anvil_reset)
 * that deletes blocks or sub-blocks. Performed on the sequencer alone, it would leave every
 * replica and standby on another chain, so it is refused before anything changes.
 */
export class FleetUnsupportedError extends SequinError {
  readonly kind = 'fleetUnsupported';

  constructor(readonly operation: FleetUnsupportedOperation) {
    super(`${operation} refused: this node is part of a NATS fleet`);
  }
}
