/**
 * Shared settings of the closed-loop read workloads (estimateGas, eth_call, eth_blockNumber), and
 * the one way they measure: a few short rounds, reported as the median round with the min–max
 * beside it, since one long round hides how much a figure moves on a shared machine.
 */
import { closedLoop } from '../lib/closed-loop.js';
import type { MetricResult } from './types.js';

export const CLIENTS = 8;

/** Rounds of a full run (one with --quick). */
export const loopRounds = (quick: boolean): number => (quick ? 1 : 3);
/** Length of one round. */
export const LOOP_ROUND_MS = 1_000;

/**
 * `op` in a closed loop of {@link CLIENTS} clients for {@link loopRounds} rounds: the median calls/s,
 * with the min–max and any errors in the note.
 */
export async function closedLoopMetric(op: () => Promise<unknown>, quick: boolean): Promise<MetricResult> {
  const rates: number[] = [];
  let errors = 0;
  for (let round = 0; round < loopRounds(quick); round++) {
    const result = await closedLoop(op, { concurrency: CLIENTS, durationMs: LOOP_ROUND_MS });
    rates.push(result.perSecond);
    errors += result.errors;
  }
  const sorted = [...rates].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const spread = sorted.length > 1 ? `median of ${sorted.length}, ${fmt(sorted[0]!)}–${fmt(sorted.at(-1)!)}` : undefined;
  const note = [spread, errors > 0 ? `${errors} errors` : undefined].filter(Boolean).join('; ');
  return { value: median, note: note || undefined };
}

function fmt(rate: number): string {
  return Math.round(rate).toLocaleString('en-US');
}
