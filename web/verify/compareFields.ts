import { check, type VerificationFailure } from './errors.js';

/**
 * Checks that `actual` (what the RPC answered) is exactly `expected` (what the proofs say): the same keys,
 * no more and no fewer, and the same value under each, recursively. Throws naming the first value that
 * differs (`receipt.logs[0].topics[1]`).
 */
export function compareFields(actual: unknown, expected: unknown, path: string, reason: VerificationFailure): void {
  if (expected === null || typeof expected !== 'object') {
    check(actual === expected, reason, `is ${JSON.stringify(actual)}, the proofs say ${JSON.stringify(expected)}`, path);
    return;
  }
  if (Array.isArray(expected)) {
    check(Array.isArray(actual), reason, 'is not a list', path);
    check(actual.length === expected.length, reason, `has ${actual.length} items, the proofs say ${expected.length}`, path);
    for (const [i, item] of expected.entries()) compareFields(actual[i], item, `${path}[${i}]`, reason);
    return;
  }
  check(actual !== null && typeof actual === 'object' && !Array.isArray(actual), reason, 'is not an object', path);
  const given = actual as Record<string, unknown>;
  const wanted = expected as Record<string, unknown>;
  for (const key of Object.keys(given)) check(key in wanted, reason, 'is not covered by the commitment or a proof', `${path}.${key}`);
  for (const [key, value] of Object.entries(wanted)) {
    check(key in given, reason, 'is missing', `${path}.${key}`);
    compareFields(given[key], value, `${path}.${key}`, reason);
  }
}
