/**
 * fast-check parameters of the fuzz suites (`*.fuzz.test.ts`): a short run inside `npm test`,
 * a long one from `npm run fuzz`, which sets `SEQUIN_FUZZ_RUNS` (default there 10,000 per property).
 * `SEQUIN_FUZZ_SEED` replays a failing run (fast-check prints the seed and path on failure).
 */
export function fuzzParameters(shortRuns: number): { numRuns: number; seed?: number; endOnFailure: true } {
  const runs = Number(process.env.SEQUIN_FUZZ_RUNS);
  const seed = Number(process.env.SEQUIN_FUZZ_SEED);
  return {
    numRuns: Number.isSafeInteger(runs) && runs > 0 ? runs : shortRuns,
    ...(Number.isSafeInteger(seed) ? { seed } : {}),
    endOnFailure: true,
  };
}

/** Vitest timeout of a fuzz test: generous for long runs, tight for the short ones in `npm test`. */
export function fuzzTimeoutMs(shortTimeoutMs: number): number {
  return process.env.SEQUIN_FUZZ_RUNS ? 3_600_000 : shortTimeoutMs;
}
