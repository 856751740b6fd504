/**
 * CPU profile of Sequin under one read workload, with the top frames printed: what issue 13 asks
 * for before any speed change ("profile before changing anything").
 *
 *   node --import tsx bench/profile.ts [ethCall|ethCallDistinct|estimateTransfer|estimateErc20|estimateErc20Distinct|blockNumber]
 *     [--seconds N] [--clients N] [--no-profile]
 *
 * Starts Sequin (LMDB, as `npm start` runs it) under `node --cpu-prof`, deploys the bench token,
 * runs the workload in a closed loop, stops the node (SIGTERM: it exits cleanly, so every thread
 * writes its profile), then prints, for the main thread and each call worker, the frames with the
 * most self time and the packages (or source folders) the time is spent in. The .cpuprofile files
 * stay in the printed directory for a flame-graph viewer (Chrome DevTools, speedscope).
 * Before that it prints the CPU time each thread of the node spent per request, which, unlike
 * throughput, hardly moves when other processes share the cores (--no-profile: without the
 * profiler's own overhead).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeFunctionData, toHex } from 'viem';
import { benchAccounts } from './lib/accounts.js';
import { closedLoop } from './lib/closed-loop.js';
import { distinctAddress } from './lib/distinctAddress.js';
import { deployToken, ERC20_ABI } from './lib/erc20.js';
import { RpcClient } from './lib/rpc.js';
import * as sequin from './peers/sequin.js';

const WORKLOADS = ['ethCall', 'ethCallDistinct', 'estimateTransfer', 'estimateErc20', 'estimateErc20Distinct', 'blockNumber'] as const;
type WorkloadName = (typeof WORKLOADS)[number];

/** One node of a .cpuprofile (V8's format). */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function parseArgs(argv: readonly string[]): { workload: WorkloadName; seconds: number; clients: number; profile: boolean } {
  let workload: WorkloadName = 'ethCall';
  let seconds = 5;
  let clients = 8;
  let profile = true;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if ((WORKLOADS as readonly string[]).includes(argument)) workload = argument as WorkloadName;
    else if (argument === '--seconds') seconds = Number(argv[++index]);
    else if (argument === '--clients') clients = Number(argv[++index]);
    else if (argument === '--no-profile') profile = false;
    else throw new Error(`usage: profile.ts [${WORKLOADS.join('|')}] [--seconds N] [--clients N] [--no-profile]   (bad argument: ${argument})`);
  }
  return { workload, seconds, clients, profile };
}

/**
 * The workload's method and a function giving each request's params: the same request every time,
 * or (the *Distinct workloads) another address each time, so no answer comes from the call cache.
 */
async function requestOf(rpc: RpcClient, workload: WorkloadName): Promise<{ method: string; params: () => unknown[] }> {
  const [holder, other] = benchAccounts();
  if (workload === 'blockNumber') return { method: 'eth_blockNumber', params: () => [] };
  if (workload === 'estimateTransfer') return { method: 'eth_estimateGas', params: () => [{ from: holder!.address, to: other!.address, value: toHex(1) }] };
  const token = await deployToken(rpc, holder!);
  let index = 0;
  if (workload === 'estimateErc20' || workload === 'estimateErc20Distinct') {
    const recipient = () => (workload === 'estimateErc20' ? other!.address : distinctAddress(index++));
    return {
      method: 'eth_estimateGas',
      params: () => [{ from: holder!.address, to: token, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [recipient(), 1n] }) }],
    };
  }
  const owner = () => (workload === 'ethCall' ? holder!.address : distinctAddress(index++));
  return {
    method: 'eth_call',
    params: () => [{ to: token, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [owner()] }) }, 'latest'],
  };
}

/** CPU time (user + system, ms) of each thread of `pid`, by "tid name", from /proc. */
function threadCpuMs(pid: number): Map<string, number> {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const threads = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(`${tid} ${name}`, (Number(fields[11]) + Number(fields[12])) / ticksPerMs);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads;
}

/** Where a frame's code lives: an npm package, a Sequin source folder, or V8/Node internals. */
function placeOf(url: string): string {
  if (url === '') return '(native / VM)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  if (url.startsWith('node:')) return 'node:internals';
  const source = /\/(src|dist)\/([^/]+)/.exec(url);
  if (source) return `sequin ${source[2]}`;
  return path.basename(url);
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`.trim();
}

/**
 * Self time per frame and per place, and total (inclusive) time per frame, in ms, and the
 * profile's wall time. A frame's total counts each sample once even when the frame recurses.
 */
function summarise(profile: CpuProfile): { frames: Map<string, number>; totals: Map<string, number>; places: Map<string, number>; totalMs: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfMicros = new Map<number, number>();
  for (const [index, id] of profile.samples.entries()) selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  const frames = new Map<string, number>();
  const totals = new Map<string, number>();
  const places = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const node = byId.get(id)!;
    const frame = frameName(node);
    frames.set(frame, (frames.get(frame) ?? 0) + micros / 1000);
    const place = placeOf(node.callFrame.url);
    places.set(place, (places.get(place) ?? 0) + micros / 1000);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = frameName(byId.get(at)!);
      if (seen.has(name)) continue;
      seen.add(name);
      totals.set(name, (totals.get(name) ?? 0) + micros / 1000);
    }
  }
  return { frames, totals, places, totalMs: (profile.endTime - profile.startTime) / 1000 };
}

function top(map: Map<string, number>, count: number, totalMs: number): string {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `  ${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / totalMs).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
}

async function main(): Promise<void> {
  const { workload, seconds, clients, profile: profiled } = parseArgs(process.argv.slice(2));
  const directory = mkdtempSync(path.join(tmpdir(), 'sequin-profile-'));
  const peer = await sequin.start([], profiled ? ['--cpu-prof', `--cpu-prof-dir=${directory}`] : []);
  const rpc = new RpcClient(peer.url);
  try {
    const { method, params } = await requestOf(rpc, workload);
    await rpc.call(method, params());
    const before = threadCpuMs(peer.pid);
    const result = await closedLoop(() => rpc.call(method, params()), { concurrency: clients, durationMs: seconds * 1000 });
    const after = threadCpuMs(peer.pid);
    console.log(`${workload}: ${method} × ${result.ok} in ${seconds} s = ${result.perSecond.toFixed(0)}/s (${result.errors} errors), ${clients} clients`);
    // CPU time per request, by thread: unlike throughput, it hardly changes when other processes share the cores.
    for (const [thread, ms] of after) {
      const spent = ms - (before.get(thread) ?? 0);
      if (spent > 1)
        console.log(`  ${thread.padEnd(24)} ${spent.toFixed(0).padStart(6)} ms CPU, ${((1000 * spent) / result.ok).toFixed(0).padStart(5)} µs per request`);
    }
  } finally {
    rpc.close();
    await peer.stop();
  }
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as CpuProfile;
    const { frames, totals, places, totalMs } = summarise(profile);
    const idle = frames.get('(idle)') ?? 0;
    console.log(`\n${file}: ${totalMs.toFixed(0)} ms profiled, ${(totalMs - idle).toFixed(0)} ms busy`);
    console.log(`top frames by self time:\n${top(frames, 25, totalMs)}`);
    console.log(`top frames by total (inclusive) time:\n${top(totals, 40, totalMs)}`);
    console.log(`by place:\n${top(places, 12, totalMs)}`);
  }
  console.log(`\nprofiles: ${directory}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
