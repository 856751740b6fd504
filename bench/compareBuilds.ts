/**
 * Two builds of Sequin side by side: the node CPU per request of one workload on each, in short
 * rounds that alternate between them, so a change in the machine's load (other processes on the
 * shared cores) falls on both alike. For judging a change that moves a request's cost by a few
 * percent, which separate runs of bench/profile.ts minutes apart cannot tell from the noise.
 *
 *   node --import tsx bench/compareBuilds.ts <other checkout> [ethCallDistinct|…] [--rounds N]
 *     [--requests N] [--warmup N] [--clients N]
 *
 * `<other checkout>` is a directory holding another build (its bin/ and dist/, e.g. a copy of this
 * one made before the change); this checkout's build is "this". Both nodes start at once (LMDB in
 * a temporary data directory, as `npm start` runs), each gets the bench token and --warmup requests
 * (default 6,000: V8 compiles Sequin's paths only after thousands), then --rounds rounds (default 8)
 * of --requests requests (default 1,500) per node, the order within a round swapped every round.
 * Per round and node: CPU per request from /proc by thread class (lib/threadCpu.ts) and the rate.
 * Printed: each node's median with min–max, and the median of the per-round ratios this ÷ other
 * (each ratio from the same round, so from the same load); and each node's VmRSS after the rounds.
 */
import path from 'node:path';
import { closedLoop } from './lib/closed-loop.js';
import { rssMiB } from './lib/process.js';
import { PROFILED_WORKLOADS, type ProfiledWorkload, requestOf } from './lib/profiledWorkloads.js';
import { RpcClient } from './lib/rpc.js';
import { type CpuPerRequest, cpuPerRequest, cpuSpent, type ThreadClass, threadCpu } from './lib/threadCpu.js';
import * as sequin from './peers/sequin.js';
import type { Peer } from './peers/types.js';

interface Options {
  other: string;
  workload: ProfiledWorkload;
  rounds: number;
  requests: number;
  warmup: number;
  clients: number;
}

function parseArgs(argv: readonly string[]): Options {
  const usage = `usage: compareBuilds.ts <other checkout> [${PROFILED_WORKLOADS.join('|')}] [--rounds N] [--requests N] [--warmup N] [--clients N]`;
  const options: Partial<Options> & Omit<Options, 'other'> = { workload: 'ethCallDistinct', rounds: 8, requests: 1500, warmup: 6000, clients: 8 };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if ((PROFILED_WORKLOADS as readonly string[]).includes(argument)) options.workload = argument as ProfiledWorkload;
    else if (argument === '--rounds') options.rounds = Number(argv[++index]);
    else if (argument === '--requests') options.requests = Number(argv[++index]);
    else if (argument === '--warmup') options.warmup = Number(argv[++index]);
    else if (argument === '--clients') options.clients = Number(argv[++index]);
    else if (!argument.startsWith('--') && options.other === undefined) options.other = path.resolve(argument);
    else throw new Error(`${usage}   (bad argument: ${argument})`);
  }
  if (options.other === undefined) throw new Error(usage);
  return options as Options;
}

interface Side {
  label: string;
  peer: Peer;
  rpc: RpcClient;
  request: () => Promise<unknown>;
  rounds: Array<CpuPerRequest & { rate: number }>;
  /** VmRSS after the last round (MiB). */
  rss?: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: readonly number[], digits = 0): string =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

async function startSide(label: string, root: string | undefined, workload: ProfiledWorkload): Promise<Side> {
  const peer = await sequin.start([], [], root);
  const rpc = new RpcClient(peer.url);
  const { method, params } = await requestOf(rpc, workload);
  return { label, peer, rpc, request: () => rpc.call(method, params()), rounds: [] };
}

async function measureRound(side: Side, options: Options): Promise<void> {
  const before = threadCpu(side.peer.pid);
  const result = await closedLoop(side.request, { concurrency: options.clients, durationMs: 300_000, maxOps: options.requests });
  const cpu = cpuPerRequest(side.peer.pid, cpuSpent(before, threadCpu(side.peer.pid)), result.ok);
  side.rounds.push({ ...cpu, rate: result.perSecond });
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const sides: Side[] = [];
  try {
    sides.push(await startSide('this', undefined, options.workload));
    sides.push(await startSide('other', options.other, options.workload));
    for (const side of sides) {
      await side.request();
      await closedLoop(side.request, { concurrency: options.clients, durationMs: 300_000, maxOps: options.warmup });
    }
    for (let round = 0; round < options.rounds; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) await measureRound(side, options);
      const [mine, theirs] = sides as [Side, Side];
      console.error(`round ${round + 1}: this ${mine.rounds.at(-1)!.total.toFixed(0)} µs, other ${theirs.rounds.at(-1)!.total.toFixed(0)} µs`);
    }
    for (const side of sides) side.rss = Math.round(rssMiB(side.peer.pid));
  } finally {
    for (const side of sides) {
      side.rpc.close();
      await side.peer.stop();
    }
  }
  const [mine, theirs] = sides as [Side, Side];
  console.log(
    `${options.workload}: ${options.rounds} rounds × ${options.requests} requests per node, ${options.clients} clients, after ${options.warmup} warm-up requests`,
  );
  console.log(`other = ${options.other}`);
  const rows: Array<[string, (round: CpuPerRequest & { rate: number }) => number]> = [
    ['CPU per request, all threads (µs)', (round) => round.total],
    ...(['main', 'workers', 'other'] as ThreadClass[]).map((threadClass): [string, (round: CpuPerRequest) => number] => [
      `  ${threadClass} (µs)`,
      (round) => round.byClass[threadClass],
    ]),
    ['rate (requests/s)', (round) => round.rate],
  ];
  console.log(`${'RSS after the rounds (MiB)'.padEnd(36)} this ${String(mine.rss).padEnd(22)} other ${theirs.rss}`);
  for (const [label, value] of rows) {
    const ratios = mine.rounds.map((round, index) => value(round) / value(theirs.rounds[index]!));
    console.log(
      `${label.padEnd(36)} this ${spread(mine.rounds.map(value)).padEnd(22)} other ${spread(theirs.rounds.map(value)).padEnd(22)} this ÷ other ${spread(ratios, 3)}`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
