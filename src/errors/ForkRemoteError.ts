import { SequinError } from './SequinError.js';

/**
 * A call to the forked chain's node failed after its retries: the remote is named by its redacted
 * URL (scheme, host and port: config/forkSettings.ts redactUrl), never with its API key.
 */
export class ForkRemoteError extends SequinError {
  readonly kind = 'forkRemote';

  constructor(
    /** The remote as it may be shown (redacted). */
    readonly remote: string,
    /** The JSON-RPC method that failed. */
    readonly method: string,
    /** What went wrong, in a few words (`timed out after 10000 ms`, `HTTP 429`, the remote's error message). */
    readonly problem: string,
  ) {
    super(`fork remote ${remote} failed ${method}: ${problem}`);
  }
}
