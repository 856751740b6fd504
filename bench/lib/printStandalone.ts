import type { MetricResult, MetricSpec } from '../workloads/types.js';

/**
 * Runs a bench target on its own (`node --import tsx bench/targets/<target>.ts`): prints each of
 * `specs`' measured values with its target mark (✓ within, ✗ past), or the failure on stderr with exit
 * code 1. `npm run bench` runs the same measurement and tabulates it beside the peers instead.
 */
export function printStandalone(measuring: Promise<Record<string, MetricResult>>, specs: readonly MetricSpec[]): void {
  measuring.then(
    (measured) => {
      for (const spec of specs) {
        const result = measured[spec.id]!;
        if ('error' in result) throw new Error(result.error);
        const mark = spec.target === undefined ? '' : result.value <= spec.target ? ' ✓' : ' ✗';
        process.stdout.write(`${spec.label}: ${result.value.toFixed(spec.digits ?? 0)}${mark}${result.note ? ` (${result.note})` : ''}\n`);
      }
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
