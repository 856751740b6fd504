/**
 * Replays one recorded test against a node and judges its answers as hive's `rpc-compat` does:
 *
 *   for each message:  >> request  ──send (byte for byte)──▶ node ──▶ answer kept
 *                      << expected ──▶ speconly and no `error` in the answer?
 *                                        yes: validate `result` against the method's result schema
 *                                        no:  compareResponses(answer, expected) (error messages removed)
 *
 * The first mismatch fails the test. An answer that is not JSON, a request left without an expected
 * answer, and a speconly method without a result schema fail it too.
 */
import { compareResponses, type Json } from './compareResponses.js';
import type { ResultValidator } from './createResultValidators.js';
import type { RecordedTest } from './parseRecordedTest.js';

/** Sends one request body and resolves with the response body, whatever the HTTP status. */
export type SendRequest = (body: string) => Promise<string>;

/** How a test ended. `passed-by-schema`: passed, and at least one answer was judged by the schema alone. */
export type RecordedTestStatus = 'passed' | 'passed-by-schema' | 'failed';

/** The result of replaying one test. */
export interface RecordedTestOutcome {
  name: string;
  method: string;
  status: RecordedTestStatus;
  /** Why it failed: the first problem, then the differences one per line. */
  failure?: string;
}

/** Replays `test` through `send`; never throws (a transport error fails the test). */
export async function replayRecordedTest(test: RecordedTest, send: SendRequest, resultValidators: Map<string, ResultValidator>): Promise<RecordedTestOutcome> {
  const fail = (failure: string): RecordedTestOutcome => ({ name: test.name, method: test.method, status: 'failed', failure });
  let answer: string | undefined;
  let method = '';
  let judgedBySchema = false;
  for (const [index, message] of test.messages.entries()) {
    const exchange = `exchange ${Math.ceil((index + 1) / 2)}`;
    if (message.direction === 'request') {
      method = requestMethod(message.json);
      try {
        answer = (await send(message.json)).trim();
      } catch (error) {
        return fail(`${exchange}: request failed: ${(error as Error).message}`);
      }
      continue;
    }
    if (answer === undefined) return fail(`${exchange}: response expected before any request`);
    let actual: Json;
    try {
      actual = JSON.parse(answer) as Json;
    } catch {
      return fail(`${exchange}: the answer is not JSON: ${answer.slice(0, 200)}`);
    }
    answer = undefined;
    if (test.speconly && !hasKey(actual, 'error')) {
      const validate = resultValidators.get(method);
      if (!validate) return fail(`${exchange}: no result schema for speconly method ${method} in the spec`);
      if (!hasKey(actual, 'result')) return fail(`${exchange}: the answer has neither result nor error`);
      const problems = validate((actual as { result: Json }).result);
      if (problems.length > 0) return fail(`${exchange}: the result does not conform to the ${method} result schema:\n${problems.join('\n')}`);
      judgedBySchema = true;
      continue;
    }
    const comparison = compareResponses(actual, JSON.parse(message.json) as Json);
    if (!comparison.match) {
      const note = comparison.errorMessagesRemoved ? ' (error messages removed from the comparison)' : '';
      return fail(`${exchange}: the answer differs from the recording${note}:\n${comparison.differences.join('\n')}`);
    }
  }
  if (answer !== undefined) return fail('the last answer has no recorded response to compare with');
  return { name: test.name, method: test.method, status: judgedBySchema ? 'passed-by-schema' : 'passed' };
}

/** A {@link SendRequest} that POSTs to `url` as `application/json`, with hive's 5 s timeout. */
export function httpSender(url: string, timeoutMs = 5_000): SendRequest {
  return async (body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.text();
  };
}

function requestMethod(json: string): string {
  const request = JSON.parse(json) as Json;
  return hasKey(request, 'method') && typeof request.method === 'string' ? request.method : '';
}

function hasKey<Key extends string>(value: Json, key: Key): value is { [key in Key]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, key);
}
