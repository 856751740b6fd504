import type { ErrorCode, ErrorCodeEntry } from './errorCodes.js';

/**
 * An error as the wire carries it: a code from the catalog ({@link ErrorCodes}), a message in
 * the words clients match on, and optional `data`. Only these three leave the process; `cause`
 * stays for the log. Built only in `rpc/`: by the envelope, by methods, and by
 * {@link toJsonRpcError} from domain errors.
 */
export class JsonRpcError extends Error {
  readonly code: ErrorCode;
  readonly data?: unknown;

  constructor(entry: ErrorCodeEntry, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'JsonRpcError';
    this.code = entry.code;
    if (options.data !== undefined) this.data = options.data;
  }
}
