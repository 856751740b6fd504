import { wholeNumber } from '../settingKinds.js';

/** The bounds of one request: its size, nesting, batch length, answer size and time. */
export const REQUEST_LIMIT_SETTINGS = {
  maxBodyBytes: wholeNumber({
    name: 'max-body-bytes',
    unit: 'bytes',
    default: 5 * 1024 * 1024,
    min: 1024,
    doc: "largest HTTP request body (geth's 5 MiB); larger → HTTP 413",
  }),
  // Node checks these deadlines once a second (startHttpServer), so a trickling client is cut within a second of it.
  httpReadTimeoutMs: wholeNumber({
    name: 'http-read-timeout',
    unit: 'ms',
    default: 30_000,
    min: 1000,
    doc: "time a client may take to send a whole HTTP request, headers and body (geth's 30 s); a client still sending is cut with HTTP 408",
  }),
  maxBatchLength: wholeNumber({ name: 'max-batch-length', default: 1000, min: 1, doc: "most calls in one JSON-RPC batch (geth's)" }),
  maxInflightBytes: wholeNumber({
    name: 'max-inflight-bytes',
    unit: 'bytes',
    default: 64 * 1024 * 1024,
    min: 1024,
    doc: 'request bytes held at once over all connections; past it HTTP 503 + `Retry-After`',
  }),
  maxBatchResponseBytes: wholeNumber({
    name: 'max-batch-response-bytes',
    unit: 'bytes',
    default: 25_000_000,
    min: 1024,
    doc: "largest answer to one batch (geth's); later calls get -32003 `response too large`",
  }),
  maxNestingDepth: wholeNumber({
    name: 'max-nesting-depth',
    default: 64,
    min: 8,
    minimumReason: 'requests with access lists nest 7 levels',
    doc: 'deepest nesting of arrays and objects in a request; deeper → -32600',
  }),
  rpcTimeoutMs: wholeNumber({
    name: 'rpc-timeout',
    unit: 'ms',
    default: 60_000,
    min: 1,
    doc: "time one request may take; calls still running get -32002 `request timed out` (geth's)",
  }),
};
