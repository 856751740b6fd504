/**
 * Where one request's CPU goes in Sequin, by thread and by function: the per-request CPU of each
 * thread (from /proc) and a CPU profile of the main thread and the execution workers, cut to the
 * timed requests and divided by their count.
 *
 *   node --import tsx bench/profile.ts [ethCall|ethCallDistinct|callErc20TransferDistinct|estimateTransfer|
 *     estimateErc20|estimateErc20Distinct|blockNumber] [--seconds N] [--warmup N] [--clients N] [--no-profile]
 *     [--top N] [--node-arg ARG]… [--sequin-arg ARG]…
 *
 * Starts Sequin (LMDB, as `npm start` runs it) under `node --cpu-prof`, deploys the bench token, runs
 * the workload in a closed loop for --warmup seconds (default 3: the JIT settles) and then for
 * --seconds (default 5), stops the node (SIGTERM: every thread writes its profile), and prints:
 * - the CPU time each thread spent per timed request (/proc/<pid>/task/*\/stat), by class: the main
 *   thread, the execution workers (named sequin-call-N), and V8's helper threads with Node's others.
 *   Unlike a rate this hardly moves when other processes share the cores: compare it between builds.
 *   --no-profile leaves out the profiler's own overhead (~10%);
 * - for the main thread and for the workers together, the functions with the most self time and
 *   inclusive time, and the packages (or Sequin source folders) the time is spent in, in µs per
 *   request. Only samples inside the timed window count. A V8 profile samples wall time, so a
 *   thread the OS preempts is charged to the function it was in: on a loaded machine the µs are
 *   each function's share of the thread's busy samples times the thread's /proc CPU per request.
 * The .cpuprofile files stay in the printed directory for a flame-graph viewer (Chrome DevTools,
 * speedscope). `--node-arg` passes a flag to Sequin's node (e.g. --node-arg=--single-threaded-gc), `--sequin-arg`
 * one to Sequin (e.g. --sequin-arg=--main-thread-call-share=90).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closedLoop } from './lib/closed-loop.js';
import { type CpuProfile, emptySummary, type Summary, summariseWindow, top } from './lib/cpuProfile.js';
import { PERF_NODE_ARGS, perfAvailable, readPerfProfile, recordPerf } from './lib/perfProfile.js';
import { PROFILED_WORKLOADS, type ProfiledWorkload, requestOf } from './lib/profiledWorkloads.js';
import { RpcClient } from './lib/rpc.js';
import { classOfThread, cpuPerRequest, cpuSpent, THREAD_CLASS_LABELS, type ThreadClass, threadCpu } from './lib/threadCpu.js';
import * as sequin from './peers/sequin.js';

const WORKLOADS = PROFILED_WORKLOADS;
type WorkloadName = ProfiledWorkload;

interface Options {
  workload: WorkloadName;
  /** Timed requests. */
  requests: number;
  /** Requests before the timed ones, so the JIT has settled. */
  warmup: number;
  clients: number;
  profile: boolean;
  /** Profile with Linux perf (on-CPU samples of every thread) instead of V8's --cpu-prof. */
  perf: boolean;
  top: number;
  nodeArgs: string[];
  /** Flags for Sequin itself (e.g. `--main-thread-call-share=90`), after the peer flags. */
  sequinArgs: string[];
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = {
    workload: 'ethCallDistinct',
    requests: 4000,
    warmup: 4000,
    clients: 8,
    profile: true,
    perf: false,
    top: 25,
    nodeArgs: [],
    sequinArgs: [],
  };
  for (let index = 0; index < argv.length; index++) {
    const [argument, inline] = argv[index]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => inline ?? argv[++index]!;
    if ((WORKLOADS as readonly string[]).includes(argument)) options.workload = argument as WorkloadName;
    else if (argument === '--requests') options.requests = Number(value());
    else if (argument === '--warmup') options.warmup = Number(value());
    else if (argument === '--clients') options.clients = Number(value());
    else if (argument === '--top') options.top = Number(value());
    else if (argument === '--no-profile') options.profile = false;
    else if (argument === '--perf') options.perf = true;
    else if (argument === '--node-arg') options.nodeArgs.push(value());
    else if (argument === '--sequin-arg') options.sequinArgs.push(value());
    else
      throw new Error(
        `usage: profile.ts [${WORKLOADS.join('|')}] [--requests N] [--warmup N] [--clients N] [--top N] [--no-profile] [--perf] [--node-arg ARG] [--sequin-arg ARG]   (bad argument: ${argument})`,
      );
  }
  return options;
}

/** Bound of each closed loop: on a loaded machine a few thousand requests can take a minute. */
const LOOP_LIMIT_MS = 300_000;

const hrtimeMicros = () => Number(process.hrtime.bigint() / 1000n);

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const { workload, clients } = options;
  const perf = options.profile && options.perf;
  const cpuProf = options.profile && !options.perf;
  if (perf && !perfAvailable()) throw new Error('--perf needs Linux perf (`perf record`) on the PATH');
  const directory = mkdtempSync(path.join(tmpdir(), 'sequin-profile-'));
  const nodeArgs = [...(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${directory}`] : []), ...(perf ? PERF_NODE_ARGS : []), ...options.nodeArgs];
  const peer = await sequin.start(options.sequinArgs, nodeArgs);
  const rpc = new RpcClient(peer.url);
  const perfFile = path.join(directory, 'perf.data');
  let cpu: ReturnType<typeof cpuPerRequest>;
  let window: { from: number; to: number };
  let requests: number;
  try {
    const { method, params } = await requestOf(rpc, workload);
    await rpc.call(method, params());
    if (options.warmup > 0) await closedLoop(() => rpc.call(method, params()), { concurrency: clients, durationMs: LOOP_LIMIT_MS, maxOps: options.warmup });
    const stopPerf = perf ? await recordPerf(peer.pid, perfFile) : undefined;
    const before = threadCpu(peer.pid);
    const from = hrtimeMicros();
    const result = await closedLoop(() => rpc.call(method, params()), { concurrency: clients, durationMs: LOOP_LIMIT_MS, maxOps: options.requests });
    window = { from, to: hrtimeMicros() };
    const spent = cpuSpent(before, threadCpu(peer.pid));
    await stopPerf?.();
    requests = result.ok;
    cpu = cpuPerRequest(peer.pid, spent, requests);
    const how = perf ? ', perf-profiled' : cpuProf ? ', --cpu-prof-profiled' : '';
    const seconds = (window.to - window.from) / 1e6;
    console.log(
      `${workload}: ${method} × ${requests} in ${seconds.toFixed(1)} s = ${result.perSecond.toFixed(0)}/s (${result.errors} errors), ${clients} clients, after ${options.warmup} requests of warm-up${how}`,
    );
    console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
    console.log(`node CPU per request: ${cpu.total.toFixed(0)} µs`);
    for (const threadClass of ['main', 'workers', 'other'] as const) {
      console.log(`  ${cpu.byClass[threadClass].toFixed(0).padStart(6)} µs  ${THREAD_CLASS_LABELS[threadClass]}`);
      for (const [tid, { name, ms }] of spent) {
        if (classOfThread(peer.pid, tid, name) === threadClass && ms > 0)
          console.log(`           ${((1000 * ms) / requests).toFixed(0).padStart(5)} µs  ${tid} ${name}`);
      }
    }
  } finally {
    rpc.close();
    await peer.stop();
  }
  if (perf) printPerfProfile(readPerfProfile(perfFile, peer.pid), requests, options.top);
  if (cpuProf) printCpuProfiles(directory, window, cpu, options.top);
  if (options.profile) console.log(`\nprofiles: ${directory}`);
}

/** The perf profile, in µs per request: per thread class, by place, by function on top of the stack, by JavaScript function on the stack. */
function printPerfProfile(profiles: ReturnType<typeof readPerfProfile>, requests: number, count: number): void {
  const perRequest = (tally: Map<string, number>, limit: number, total: number) =>
    [...tally]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, micros]) => `  ${(micros / requests).toFixed(1).padStart(7)} µs ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  for (const threadClass of ['main', 'workers', 'other'] as const) {
    const profile = profiles[threadClass];
    if (profile.total === 0) continue;
    console.log(`\n${THREAD_CLASS_LABELS[threadClass]}: ${(profile.total / requests).toFixed(0)} µs of on-CPU samples per request`);
    console.log(
      `by place (a package or Sequin folder with the builtins and kernel work it called; GC and compiling apart):\n${perRequest(profile.buckets, 20, profile.total)}`,
    );
    console.log(`by function on top of the stack:\n${perRequest(profile.self, count, profile.total)}`);
    if (profile.inclusive.size > 0)
      console.log(`by JavaScript function on the stack (inclusive):\n${perRequest(profile.inclusive, count + 15, profile.total)}`);
  }
}

/** V8's profiles of the main thread and the workers, cut to the timed window, in µs per request. */
function printCpuProfiles(directory: string, window: { from: number; to: number }, cpu: ReturnType<typeof cpuPerRequest>, count: number): void {
  // CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile: thread 0 is the main thread, the others are workers.
  const summaries: Record<Exclude<ThreadClass, 'other'>, Summary> = { main: emptySummary(), workers: emptySummary() };
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'))) {
    const threadId = Number(file.split('.').at(-3));
    const profile = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as CpuProfile;
    summariseWindow(profile, window.from, window.to, threadId === 0 ? summaries.main : summaries.workers);
  }
  for (const threadClass of ['main', 'workers'] as const) {
    const summary = summaries[threadClass];
    const cpuMicros = cpu.byClass[threadClass];
    if (summary.busy === 0) continue;
    console.log(`\n${THREAD_CLASS_LABELS[threadClass]}: ${cpuMicros.toFixed(0)} µs CPU per request (${(summary.busy / 1000).toFixed(0)} ms of busy samples)`);
    console.log(`self time per request:\n${top(summary.self, count, summary.busy, cpuMicros)}`);
    console.log(`inclusive time per request:\n${top(summary.inclusive, count + 15, summary.busy, cpuMicros)}`);
    console.log(`by place:\n${top(summary.places, 12, summary.busy, cpuMicros)}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
