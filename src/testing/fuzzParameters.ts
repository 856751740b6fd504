import { setImmediate } from 'node:timers/promises';

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

/**
 * Lets the event loop turn once; await it in each run of a property whose every await resolves in
 * memory (an in-process server or test chain). Without it a long `npm run fuzz` never leaves the
 * microtask queue for minutes, vitest's worker cannot read the replies to its own progress
 * reports, their 60-second timeout fires, and the run exits 1 with `Timeout calling
 * "onTaskUpdate"` although every property held (seen after 281 s and 909 s runs).
 */
export function letEventLoopTurn(): Promise<void> {
  return setImmediate();
}
