import { SequinError } from './SequinError.js';

/**
 * A fleet sequencer's append to its NATS JetStream log was not acknowledged in time, after
 * retrying with the same message id (a server of the cluster lost, its stream electing a new
 * leader). Whether the append reached the stream is unknown, so the client is told to send again
 * rather than answered with an internal error; a resent transaction is harmless.
 */
export class FleetLogUnavailableError extends SequinError {
  readonly kind = 'fleetLogUnavailable';

  constructor(
    readonly waitedMs: number,
    readonly reason: string,
  ) {
    super(`fleet log append not acknowledged within ${waitedMs} ms: ${reason}`);
  }
}
