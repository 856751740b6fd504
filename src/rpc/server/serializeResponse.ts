import { RawJson } from '../../primitives/RawJson.js';
import type { JsonRpcError } from '../errors/JsonRpcError.js';
import type { JsonRpcId } from './classifyMessage.js';

/**
 * `{"jsonrpc":"2.0","id":…,"result":…}` as text, keys in geth's order. A handler's `undefined`
 * becomes `null` (geth answers void methods with null); a RawJson (a trace serialized in an
 * execution worker) is spliced in as it is. Throws TypeError when the result cannot be JSON (a
 * BigInt, a cycle, a function): the caller turns that into an internal error.
 */
export function serializeResult(id: JsonRpcId, result: unknown): string {
  const json: string | undefined = result instanceof RawJson ? result.text : JSON.stringify(result === undefined ? null : result);
  if (json === undefined) throw new TypeError(`result of type ${typeof result} is not JSON`);
  return `{"jsonrpc":"2.0","id":${idJson(id)},"result":${json}}`;
}

/**
 * `{"jsonrpc":"2.0","id":…,"error":{"code","message","data"?}}` as text. Only code, message and
 * data leave the process; the error's cause and stack never do. Throws TypeError when `data`
 * cannot be JSON (the caller then answers without it).
 */
export function serializeError(id: JsonRpcId, error: JsonRpcError): string {
  const body = { code: error.code, message: error.message, data: error.data };
  return `{"jsonrpc":"2.0","id":${idJson(id)},"error":${JSON.stringify(body)}}`;
}

/** An id as JSON text: a bigint id (an integer beyond 2^53) digit for digit. */
function idJson(id: JsonRpcId): string {
  return typeof id === 'bigint' ? id.toString() : JSON.stringify(id);
}
