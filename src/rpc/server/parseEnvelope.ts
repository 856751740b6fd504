import { restoreExactIds } from './exactRequestIds.js';
import { exceedsNestingDepth } from './exceedsNestingDepth.js';

/**
 * The outer shape of a request body: not JSON at all, nested deeper than allowed, one message, or
 * a batch (a JSON array). Elements are left unvalidated; {@link classifyMessage} judges each one
 * on its own so one bad element of a batch does not spoil the others.
 */
export type Envelope = { kind: 'invalidJson' } | { kind: 'tooDeep' } | { kind: 'single'; message: unknown } | { kind: 'batch'; messages: unknown[] };

/** Default of {@link parseEnvelope}'s `maxDepth`: far above any real request (a batch of calls with access lists nests 7 levels). */
export const DEFAULT_MAX_NESTING_DEPTH = 64;

/**
 * Parses a request body. Anything `JSON.parse` rejects (including an empty body) is
 * `invalidJson`; arrays and objects nested more than `maxDepth` levels are `tooDeep`, refused
 * before parsing; a top-level array is a batch (possibly empty); any other JSON value is a single
 * message, even `null` or `42`, which then fail as invalid requests like in geth. Integer ids
 * beyond 2^53 keep their exact value (as bigints, see exactRequestIds.ts).
 */
export function parseEnvelope(body: string, maxDepth: number = DEFAULT_MAX_NESTING_DEPTH): Envelope {
  if (exceedsNestingDepth(body, maxDepth)) return { kind: 'tooDeep' };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { kind: 'invalidJson' };
  }
  restoreExactIds(body, value);
  return Array.isArray(value) ? { kind: 'batch', messages: value } : { kind: 'single', message: value };
}
