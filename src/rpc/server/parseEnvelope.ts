/**
 * The outer shape of a request body: not JSON at all, one message, or a batch (a JSON array).
 * Elements are left unvalidated; {@link classifyMessage} judges each one on its own so one bad
 * element of a batch does not spoil the others.
 */
export type Envelope =
  | { kind: 'invalidJson' }
  | { kind: 'single'; message: unknown }
  | { kind: 'batch'; messages: unknown[] };

/**
 * Parses a request body. Anything `JSON.parse` rejects (including an empty body) is
 * `invalidJson`; a top-level array is a batch (possibly empty); any other JSON value is a
 * single message, even `null` or `42`, which then fail as invalid requests like in geth.
 */
export function parseEnvelope(body: string): Envelope {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { kind: 'invalidJson' };
  }
  return Array.isArray(value) ? { kind: 'batch', messages: value } : { kind: 'single', message: value };
}
