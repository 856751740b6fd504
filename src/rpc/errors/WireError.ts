import type { ErrorCodeEntry } from './errorCodes.js';

/** What a row of the edge's tables answers for one domain error: its code, message and data. */
export interface WireError {
  code: ErrorCodeEntry;
  message: string;
  data?: unknown;
}
