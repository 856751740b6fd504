/**
 * hive's `rpc-compat` comparison of an actual JSON-RPC response with the recorded one:
 *
 * 1. Wherever both documents hold an `error` object with a `message` at the same place (top level, or
 *    nested as in eth_simulateV1's `calls[].error`), that `message` is removed from both: wording is
 *    client-specific, while `code`, `data` and the error's presence still count. The walk does not
 *    descend into an `error` object, so errors nested inside another error are left alone.
 * 2. The two documents must then be equal: objects with the same keys (order free), arrays item by
 *    item, strings exactly (hex case and leading zeros matter), numbers as numbers (1 equals 1.0).
 */

/** A parsed JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The outcome of {@link compareResponses}. */
export interface ResponseComparison {
  /** True when the documents match after the error messages were removed. */
  match: boolean;
  /** One line per difference, `path: what` (empty on a match). */
  differences: string[];
  /** True when at least one error message was removed before comparing. */
  errorMessagesRemoved: boolean;
}

/** Compares an actual response with the expected one (both parsed), by hive's rules. Inputs are not modified. */
export function compareResponses(actual: Json, expected: Json): ResponseComparison {
  const actualCopy = structuredClone(actual);
  const expectedCopy = structuredClone(expected);
  const errorMessagesRemoved = removeSharedErrorMessages(actualCopy, expectedCopy);
  const differences = jsonDifferences(actualCopy, expectedCopy, '');
  return { match: differences.length === 0, differences, errorMessagesRemoved };
}

/**
 * Deletes `error.message` wherever both trees have an `error` object with a `message` at the same path,
 * walking the expected tree. Returns whether anything was deleted.
 */
function removeSharedErrorMessages(actual: Json, expected: Json): boolean {
  let removed = false;
  if (isObject(expected) && isObject(actual)) {
    for (const [key, expectedChild] of Object.entries(expected)) {
      if (!Object.hasOwn(actual, key)) continue;
      const actualChild = actual[key]!;
      if (key === 'error') {
        if (isObject(expectedChild) && isObject(actualChild) && Object.hasOwn(expectedChild, 'message') && Object.hasOwn(actualChild, 'message')) {
          delete expectedChild.message;
          delete actualChild.message;
          removed = true;
        }
        continue;
      }
      removed = removeSharedErrorMessages(actualChild, expectedChild) || removed;
    }
  } else if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let index = 0; index < Math.min(expected.length, actual.length); index++) {
      removed = removeSharedErrorMessages(actual[index]!, expected[index]!) || removed;
    }
  }
  return removed;
}

/** Every place where `actual` differs from `expected`, as `path: got …, want …` lines. */
export function jsonDifferences(actual: Json, expected: Json, path: string): string[] {
  const here = path === '' ? '(response)' : path;
  if (isObject(actual) && isObject(expected)) {
    const differences: string[] = [];
    for (const key of Object.keys(expected)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (!Object.hasOwn(actual, key)) differences.push(`${childPath}: missing, want ${preview(expected[key]!)}`);
      else differences.push(...jsonDifferences(actual[key]!, expected[key]!, childPath));
    }
    for (const key of Object.keys(actual)) {
      if (!Object.hasOwn(expected, key)) differences.push(`${path === '' ? key : `${path}.${key}`}: unexpected ${preview(actual[key]!)}`);
    }
    return differences;
  }
  if (Array.isArray(actual) && Array.isArray(expected)) {
    const differences: string[] = [];
    for (let index = 0; index < Math.max(actual.length, expected.length); index++) {
      const childPath = `${path}[${index}]`;
      if (index >= actual.length) differences.push(`${childPath}: missing, want ${preview(expected[index]!)}`);
      else if (index >= expected.length) differences.push(`${childPath}: unexpected ${preview(actual[index]!)}`);
      else differences.push(...jsonDifferences(actual[index]!, expected[index]!, childPath));
    }
    return differences;
  }
  // Scalars (and a scalar against a container): JSON numbers were parsed to doubles, as hive compares them.
  if (actual === expected) return [];
  return [`${here}: got ${preview(actual)}, want ${preview(expected)}`];
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON text of a value, shortened for one line of a report. */
function preview(value: Json): string {
  const text = JSON.stringify(value);
  return text.length > 140 ? `${text.slice(0, 120)}… (${text.length} chars)` : text;
}
