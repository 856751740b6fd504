/**
 * Replays the vendored execution-apis tests, one after another in hive's order, against one node:
 * the whole of what hive's `rpc-compat` simulator does once the node is up.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createResultValidators, type OpenRpcDocument } from './createResultValidators.js';
import { EXECUTION_APIS_DIR, loadRecordedTests } from './loadRecordedTests.js';
import type { RecordedTest } from './parseRecordedTest.js';
import { httpSender, type RecordedTestOutcome, replayRecordedTest, type SendRequest } from './replayRecordedTest.js';

/** Options of {@link replayRecordedTests}. */
export interface ReplayOptions {
  /** Only tests whose name (`method/test`) matches. Default: all. */
  filter?: RegExp;
  /** Called after each test, e.g. to print progress. */
  onOutcome?: (outcome: RecordedTestOutcome) => void;
  /** The transport; default an HTTP POST to the URL with a 5 s timeout. */
  send?: SendRequest;
  /** The tests; default the vendored ones. */
  tests?: RecordedTest[];
}

/** Replays every (matching) test against the node at `url` and returns the outcomes in order. */
export async function replayRecordedTests(url: string, options: ReplayOptions = {}): Promise<RecordedTestOutcome[]> {
  const document = JSON.parse(readFileSync(join(EXECUTION_APIS_DIR, 'openrpc.json'), 'utf8')) as OpenRpcDocument;
  const validators = createResultValidators(document);
  const send = options.send ?? httpSender(url);
  const tests = (options.tests ?? loadRecordedTests()).filter((test) => options.filter?.test(test.name) ?? true);
  const outcomes: RecordedTestOutcome[] = [];
  for (const test of tests) {
    const outcome = await replayRecordedTest(test, send, validators);
    outcomes.push(outcome);
    options.onOutcome?.(outcome);
  }
  return outcomes;
}
