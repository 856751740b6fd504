/**
 * The conformance scoreboard as text: one row per method (passed, passed by schema, failed), the
 * totals, then every failed test with the first lines of why.
 */
import type { RecordedTestOutcome } from './replayRecordedTest.js';

/** Options of {@link formatScoreboard}. */
export interface ScoreboardOptions {
  /** Lines of each failure to show (default 1: the reason and the first difference are on lines 1–2). */
  failureLines?: number;
}

/** Formats the outcomes of a replay (in test order). */
export function formatScoreboard(outcomes: RecordedTestOutcome[], options: ScoreboardOptions = {}): string {
  const failureLines = options.failureLines ?? 1;
  const rows = new Map<string, { passed: number; bySchema: number; failed: number }>();
  for (const outcome of outcomes) {
    const row = rows.get(outcome.method) ?? { passed: 0, bySchema: 0, failed: 0 };
    if (outcome.status === 'passed') row.passed++;
    else if (outcome.status === 'passed-by-schema') row.bySchema++;
    else row.failed++;
    rows.set(outcome.method, row);
  }
  const width = Math.max(6, ...[...rows.keys()].map((method) => method.length));
  const line = (method: string, passed: number | string, bySchema: number | string, failed: number | string, total: number | string) =>
    `${method.padEnd(width)}  ${String(passed).padStart(6)}  ${String(bySchema).padStart(6)}  ${String(failed).padStart(6)}  ${String(total).padStart(5)}`;
  const text = [line('method', 'passed', 'schema', 'failed', 'total')];
  const totals = { passed: 0, bySchema: 0, failed: 0 };
  for (const [method, row] of rows) {
    text.push(line(method, row.passed, row.bySchema, row.failed, row.passed + row.bySchema + row.failed));
    totals.passed += row.passed;
    totals.bySchema += row.bySchema;
    totals.failed += row.failed;
  }
  text.push(line('total', totals.passed, totals.bySchema, totals.failed, outcomes.length));
  const passedAll = totals.passed + totals.bySchema;
  text.push('', `${passedAll} of ${outcomes.length} tests pass (${totals.bySchema} of them speconly, judged by the result schema).`);
  const failures = outcomes.filter((outcome) => outcome.status === 'failed');
  if (failures.length > 0 && failureLines > 0) {
    text.push('', 'Failed tests:');
    for (const failure of failures) {
      const lines = (failure.failure ?? '').split('\n');
      const shown = lines.slice(0, failureLines).map((reason) => `    ${reason}`);
      if (lines.length > failureLines) shown.push(`    … ${lines.length - failureLines} more line(s)`);
      text.push(`  ${failure.name}`, ...shown);
    }
  }
  return text.join('\n');
}
