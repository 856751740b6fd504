import { SequinError } from '../errors/SequinError.js';
import { JsonRpcError } from '../rpc/errors/JsonRpcError.js';
import { toJsonRpcError } from '../rpc/errors/toJsonRpcError.js';

/** An error as a client receives it. */
export interface WireErrorFields {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * What a client would receive for `error`, through the RPC edge's table (tests of errors thrown
 * below the edge). Throws `error` itself when it is neither a domain error nor a JsonRpcError,
 * so a fault is never mistaken for an answer.
 */
export function onTheWire(error: unknown): WireErrorFields {
  if (!(error instanceof SequinError || error instanceof JsonRpcError)) throw error;
  const wire = toJsonRpcError(error);
  return { code: wire.code, message: wire.message, ...(wire.data === undefined ? {} : { data: wire.data }) };
}
