/**
 * Shared settings of the closed-loop read workloads (estimateGas, eth_call, eth_blockNumber), and
 * the one way they measure: an untimed warm-up round, then a few short rounds, reported as the
 * median round with the min–max beside it, since one long round hides how much a figure moves on
 * a shared machine. The warm-up round is there because a node written in JavaScript (Sequin, and
 * Hardhat's JavaScript around its Rust EVM) runs a code path it has not run before in V8's
 * interpreter, several times slower than once it is compiled: without it, whichever workload first
 * takes a path (the distinct ERC-20 estimate is the first to run the EVM in Sequin's execution
 * workers) is charged for the compiling, and the rows measure the order they run in.
 */
import { closedLoop } from '../lib/closed-loop.js';
import { cpuPerRequest, cpuSpent, formatByClass, threadCpu } from '../lib/threadCpu.js';
import type { MetricResult } from './types.js';

export const CLIENTS = 8;

/** Rounds of a full run (one with --quick). */
export const loopRounds = (quick: boolean): number => (quick ? 1 : 3);
/** Length of one round. */
export const LOOP_ROUND_MS = 1_000;
/**
 * The warm-up round: this many requests (V8 compiles a function once it has run a few hundred
 * times; a peer that answers in a few hundred µs does them in under a second), or at most this long.
 */
const WARM_UP_REQUESTS = 1_000;
const WARM_UP_LIMIT_MS = 10_000;

/**
 * `op` in a closed loop of {@link CLIENTS} clients for a warm-up round and then {@link loopRounds}
 * rounds: the median calls/s, with the min–max and any errors in the note.
 */
export async function closedLoopMetric(op: () => Promise<unknown>, quick: boolean): Promise<MetricResult> {
  return (await closedLoopWithCpu(op, quick)).rate;
}

/** A closed-loop measurement: the rate, and with a pid the node's CPU per request. */
export interface LoopMeasurement {
  rate: MetricResult;
  cpu?: MetricResult;
  /** The CPU per request of each round, µs (empty without a pid). */
  cpuPerRound: number[];
}

/**
 * {@link closedLoopMetric}, and with the node's `pid` also the node's CPU per request over all its
 * threads (from /proc, see lib/threadCpu.ts): the median round with the min–max, and that round's
 * split by thread class in the note. Per-request CPU hardly moves with the load other processes
 * put on the cores, unlike the rate.
 */
export async function closedLoopWithCpu(op: () => Promise<unknown>, quick: boolean, pid?: number): Promise<LoopMeasurement> {
  const [measurement] = await alternatingLoops([op], quick, pid);
  return measurement!;
}

/**
 * Several closed loops measured as {@link closedLoopWithCpu} measures one, their rounds
 * alternating (a round of each in turn, after a warm-up of each): a machine whose load changes,
 * or a node still compiling, then affects them alike, so their figures compare.
 */
export async function alternatingLoops(ops: ReadonlyArray<() => Promise<unknown>>, quick: boolean, pid?: number): Promise<LoopMeasurement[]> {
  const rounds = ops.map(() => ({ rates: [] as number[], cpus: [] as Array<ReturnType<typeof cpuPerRequest>>, errors: 0, firstError: undefined as unknown }));
  for (const op of ops) await closedLoop(op, { concurrency: CLIENTS, durationMs: WARM_UP_LIMIT_MS, maxOps: WARM_UP_REQUESTS });
  for (let round = 0; round < loopRounds(quick); round++) {
    for (const [index, op] of ops.entries()) {
      const before = pid === undefined ? undefined : threadCpu(pid);
      const result = await closedLoop(op, { concurrency: CLIENTS, durationMs: LOOP_ROUND_MS });
      if (pid !== undefined && before) rounds[index]!.cpus.push(cpuPerRequest(pid, cpuSpent(before, threadCpu(pid)), result.ok));
      rounds[index]!.rates.push(result.perSecond);
      rounds[index]!.errors += result.errors;
      rounds[index]!.firstError ??= result.firstError;
    }
  }
  return rounds.map(({ rates, cpus, errors, firstError }) => {
    const rate = medianOf(rates, fmt, errors > 0 ? `${errors} errors, the first: ${errorText(firstError)}` : undefined);
    if (cpus.length === 0) return { rate, cpuPerRound: [] };
    const byTotal = [...cpus].sort((a, b) => a.total - b.total);
    const median = byTotal[Math.floor(byTotal.length / 2)]!;
    const cpu = medianOf(
      cpus.map((one) => one.total),
      (micros) => Math.round(micros).toLocaleString('en-US'),
      formatByClass(median),
    );
    return { rate, cpu, cpuPerRound: cpus.map((one) => one.total) };
  });
}

/** The median of `values`, with the min–max and `extra` in the note. */
export function medianOf(values: readonly number[], format: (value: number) => string, extra: string | undefined): MetricResult {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const spread = sorted.length > 1 ? `median of ${sorted.length}, ${format(sorted[0]!)}–${format(sorted.at(-1)!)}` : undefined;
  const note = [spread, extra].filter(Boolean).join('; ');
  return { value: median, note: note || undefined };
}

/** An error's first line, short enough for a table cell. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 120);
}

function fmt(rate: number): string {
  return Math.round(rate).toLocaleString('en-US');
}
