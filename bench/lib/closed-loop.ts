/**
 * Closed-loop throughput: `concurrency` clients each issue one request, wait for the reply,
 * and issue the next, until `durationMs` elapses (or `maxOps` total, as a hard bound).
 * Reports successful calls per second; errors are counted, and a run with no success throws
 * the first error so the table shows why.
 */
import { now } from './time.js';

export interface ClosedLoopOptions {
  concurrency: number;
  durationMs: number;
  maxOps?: number;
}

export interface ClosedLoopResult {
  perSecond: number;
  ok: number;
  errors: number;
  firstError?: unknown;
}

export async function closedLoop(op: () => Promise<unknown>, options: ClosedLoopOptions): Promise<ClosedLoopResult> {
  const maxOps = options.maxOps ?? 5_000_000;
  let started = 0;
  let ok = 0;
  let errors = 0;
  let firstError: unknown;
  const t0 = now();
  const end = t0 + options.durationMs;
  const client = async (): Promise<void> => {
    while (now() < end && started < maxOps) {
      started++;
      try {
        await op();
        ok++;
      } catch (error) {
        errors++;
        firstError ??= error;
        if (errors > 1000 && ok === 0) return;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  const elapsedS = (now() - t0) / 1000;
  if (ok === 0) throw firstError ?? new Error('no calls completed');
  return { perSecond: ok / elapsedS, ok, errors, firstError };
}
