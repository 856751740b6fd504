/**
 * A JSON-RPC id as Sequin accepts it: a string, a number or null (JSON-RPC 2.0 §4); an integer id
 * beyond 2^53 is a bigint, so it is echoed exactly (see exactRequestIds.ts).
 */
export type JsonRpcId = string | number | bigint | null;

/**
 * One request message, judged:
 * - `call`: has an `id` and wants a response;
 * - `notification`: has no `id` member; it runs but is never answered;
 * - `invalid`: answered with -32600 "invalid request", echoing the id when it was valid.
 */
export type ClassifiedMessage =
  | { kind: 'call'; id: JsonRpcId; method: string; params: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'invalid'; id: JsonRpcId };

/**
 * Sorts one parsed message (geth's isCall / isNotification / hasValidID rules, stricter on ids):
 * it must be an object with `jsonrpc: "2.0"` and a non-empty string `method`; `id`, when present,
 * must be a string, number or null (geth also echoes booleans; JSON-RPC 2.0 does not allow them).
 * An invalid message that has no valid id is answered with id null, even if it had no id at all,
 * as geth and the spec do. `params` is passed on untouched; the method's decoders judge it.
 */
export function classifyMessage(raw: unknown): ClassifiedMessage {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { kind: 'invalid', id: null };
  const message = raw as Record<string, unknown>;
  const hasId = Object.hasOwn(message, 'id');
  if (hasId && !isValidId(message.id)) return { kind: 'invalid', id: null };
  const id = hasId ? (message.id as JsonRpcId) : null;
  const method = message.method;
  if (message.jsonrpc !== '2.0' || typeof method !== 'string' || method === '') return { kind: 'invalid', id };
  const params = Object.hasOwn(message, 'params') ? message.params : undefined;
  return hasId ? { kind: 'call', id, method, params } : { kind: 'notification', method, params };
}

function isValidId(id: unknown): id is JsonRpcId {
  return id === null || typeof id === 'string' || typeof id === 'bigint' || (typeof id === 'number' && Number.isFinite(id));
}
