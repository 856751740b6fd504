/**
 * What an end-to-end transfer costs the node, by thread (issue 28: main-thread CPU per transaction), and its
 * rate against Hardhat 3 in the same run: the bench's burst (20 senders, one request in flight each) and
 * batched burst (JSON-RPC batches of 100), 2,000 transfers each, signed before the timed window. Each round
 * starts a fresh Sequin (dist/, so `npm run build` first) and, with --hardhat, a fresh Hardhat after it.
 *
 *   node --import tsx bench/sendCpu.ts [--rounds N] [--hardhat] [--cpu-prof] [--top N] [--quick]
 *
 * Per workload and round: the rate as the bench reports it, and the node's CPU per transaction from
 * /proc (lib/threadCpu.ts) by thread class, over two windows: first submit → every receipt visible (what
 * the workload times), and on to the seal of the block holding the last one ("+seal", Sequin only:
 * Hardhat's automine seals each on the way). One JSON line per round, then medians with min–max.
 * --cpu-prof profiles Sequin's main thread (V8's --cpu-prof, ~10% overhead) and prints, per workload over
 * all rounds, its self and inclusive time per transaction (each function's share of the busy samples ×
 * the thread's /proc CPU per transaction), as bench/profile.ts does for one request.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Hex } from 'viem';
import { benchAccounts } from './lib/accounts.js';
import { type CpuProfile, emptySummary, type Summary, summariseWindow, top } from './lib/cpuProfile.js';
import { waitForAllReceipts } from './lib/receipts.js';
import { RpcClient } from './lib/rpc.js';
import { signTransferLanes } from './lib/sign.js';
import { cpuPerRequest, cpuSpent, threadCpu } from './lib/threadCpu.js';
import { now, sleep } from './lib/time.js';
import * as hardhat from './peers/hardhat.js';
import * as sequin from './peers/sequin.js';
import type { Peer } from './peers/types.js';
import { sendBatchedBurst } from './workloads/batchedBurst.js';
import { sendBurst } from './workloads/burst.js';

interface Options {
  rounds: number;
  hardhat: boolean;
  cpuProf: boolean;
  top: number;
  quick: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { rounds: 3, hardhat: false, cpuProf: false, top: 30, quick: false };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--rounds') options.rounds = Number(argv[++index]);
    else if (argument === '--hardhat') options.hardhat = true;
    else if (argument === '--cpu-prof') options.cpuProf = true;
    else if (argument === '--top') options.top = Number(argv[++index]);
    else if (argument === '--quick') options.quick = true;
    else throw new Error(`usage: sendCpu.ts [--rounds N] [--hardhat] [--cpu-prof] [--top N] [--quick]   (bad argument: ${argument})`);
  }
  return options;
}

const WORKLOADS = {
  burst: async (rpc: RpcClient, lanes: Hex[][]) => (await sendBurst(rpc, lanes)).hashes,
  batchedBurst: sendBatchedBurst,
} as const;
type WorkloadName = keyof typeof WORKLOADS;

/** One workload's figures on one node: rate (tx/s, first submit → all receipts) and CPU per tx (µs) by class. */
interface Measured {
  txs: number;
  submitRate: number;
  endToEndRate: number;
  cpu: { total: number; main: number; workers: number; other: number };
  cpuToSeal?: { total: number; main: number; workers: number; other: number };
  window: { from: number; to: number };
}

const hrtimeMicros = () => Number(process.hrtime.bigint() / 1000n);
const round1 = (value: number) => Math.round(value * 10) / 10;

function perTx(pid: number, before: ReturnType<typeof threadCpu>, txs: number) {
  const { total, byClass } = cpuPerRequest(pid, cpuSpent(before, threadCpu(pid)), txs);
  return { total: round1(total), main: round1(byClass.main), workers: round1(byClass.workers), other: round1(byClass.other) };
}

/** Waits until the block holding `hash` is `latest` (sealed). */
async function waitForSeal(rpc: RpcClient, hash: Hex): Promise<void> {
  const receipt = await rpc.call<{ blockNumber: Hex }>('eth_getTransactionReceipt', [hash]);
  const deadline = now() + 30_000;
  while (BigInt(await rpc.call<Hex>('eth_blockNumber', [])) < BigInt(receipt.blockNumber)) {
    if (now() > deadline) throw new Error(`block ${receipt.blockNumber} not sealed within 30 s`);
    await sleep(20);
  }
}

async function measure(peer: Peer, workload: WorkloadName, quick: boolean, toSeal: boolean): Promise<Measured> {
  const rpc = new RpcClient(peer.url);
  try {
    const lanes = await signTransferLanes(rpc, benchAccounts(), quick ? 20 : 100);
    // The node settles after the nonce reads (and the previous workload's seal) before the window opens.
    await sleep(300);
    const before = threadCpu(peer.pid);
    const from = hrtimeMicros();
    const t0 = now();
    const hashes = await WORKLOADS[workload](rpc, lanes);
    const submittedAt = now();
    const allSeenAt = await waitForAllReceipts(rpc, hashes, { intervalMs: workload === 'batchedBurst' ? 5 : 10, timeoutMs: 60_000 });
    const cpu = perTx(peer.pid, before, hashes.length);
    const window = { from, to: hrtimeMicros() };
    let cpuToSeal: Measured['cpuToSeal'];
    if (toSeal) {
      await waitForSeal(rpc, hashes.at(-1)!);
      cpuToSeal = perTx(peer.pid, before, hashes.length);
    }
    return {
      txs: hashes.length,
      submitRate: Math.round(hashes.length / ((submittedAt - t0) / 1000)),
      endToEndRate: Math.round(hashes.length / ((allSeenAt - t0) / 1000)),
      cpu,
      cpuToSeal,
      window,
    };
  } finally {
    rpc.close();
  }
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const spread = (values: number[]) => `${median(values)} (${Math.min(...values)}–${Math.max(...values)})`;

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const results: { sequin: Record<WorkloadName, Measured>; hardhat?: Record<WorkloadName, Measured> }[] = [];
  const profileDirs: string[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const directory = options.cpuProf ? mkdtempSync(path.join(tmpdir(), 'sequin-sendcpu-')) : undefined;
    if (directory) profileDirs.push(directory);
    const loadBefore = loadAverage();
    const sequinPeer = await sequin.start([], directory ? ['--cpu-prof', `--cpu-prof-dir=${directory}`] : []);
    const sequinFigures = {} as Record<WorkloadName, Measured>;
    try {
      for (const workload of Object.keys(WORKLOADS) as WorkloadName[]) sequinFigures[workload] = await measure(sequinPeer, workload, options.quick, true);
    } finally {
      await sequinPeer.stop();
    }
    let hardhatFigures: Record<WorkloadName, Measured> | undefined;
    if (options.hardhat) {
      const hardhatPeer = await hardhat.start();
      hardhatFigures = {} as Record<WorkloadName, Measured>;
      try {
        for (const workload of Object.keys(WORKLOADS) as WorkloadName[]) hardhatFigures[workload] = await measure(hardhatPeer, workload, options.quick, false);
      } finally {
        await hardhatPeer.stop();
      }
    }
    results.push({ sequin: sequinFigures, hardhat: hardhatFigures });
    const line = (figures: Record<WorkloadName, Measured>) =>
      Object.fromEntries(Object.entries(figures).map(([name, { window: _window, ...rest }]) => [name, rest]));
    console.log(JSON.stringify({ round, loadBefore, loadAfter: loadAverage(), sequin: line(sequinFigures), hardhat: hardhatFigures && line(hardhatFigures) }));
  }

  console.log(`\nmedians (min–max) over ${options.rounds} rounds:`);
  for (const workload of Object.keys(WORKLOADS) as WorkloadName[]) {
    const of = (pick: (measured: Measured) => number, node: 'sequin' | 'hardhat' = 'sequin') => results.map((result) => pick(result[node]![workload]));
    console.log(`${workload}:`);
    console.log(`  Sequin  submit ${spread(of((m) => m.submitRate))} tx/s, end to end ${spread(of((m) => m.endToEndRate))} tx/s`);
    console.log(
      `  Sequin  CPU per tx to receipts: all ${spread(of((m) => m.cpu.total))} µs, main ${spread(of((m) => m.cpu.main))}, workers ${spread(of((m) => m.cpu.workers))}, other ${spread(of((m) => m.cpu.other))}`,
    );
    console.log(`          … to the seal: all ${spread(of((m) => m.cpuToSeal!.total))} µs, main ${spread(of((m) => m.cpuToSeal!.main))}`);
    if (options.hardhat) {
      console.log(`  Hardhat submit ${spread(of((m) => m.submitRate, 'hardhat'))} tx/s, end to end ${spread(of((m) => m.endToEndRate, 'hardhat'))} tx/s`);
      console.log(`  Hardhat CPU per tx: all ${spread(of((m) => m.cpu.total, 'hardhat'))} µs, main ${spread(of((m) => m.cpu.main, 'hardhat'))}`);
      const ratios = (pick: (measured: Measured) => number) =>
        results.map((result) => Math.round((100 * pick(result.sequin[workload])) / pick(result.hardhat![workload])) / 100);
      console.log(`  Sequin ÷ Hardhat, per round: submit ${spread(ratios((m) => m.submitRate))}×, end to end ${spread(ratios((m) => m.endToEndRate))}×`);
    }
  }

  if (options.cpuProf) printMainThreadProfiles(profileDirs, results, options.top);
}

/** Sequin's main-thread profile of each workload, over all rounds, in µs per transaction. */
function printMainThreadProfiles(directories: string[], results: { sequin: Record<WorkloadName, Measured> }[], count: number): void {
  for (const workload of Object.keys(WORKLOADS) as WorkloadName[]) {
    const summary: Summary = emptySummary();
    let mainMicros = 0;
    directories.forEach((directory, round) => {
      const measured = results[round]!.sequin[workload];
      mainMicros += measured.cpu.main / directories.length;
      // CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile: thread 0 is the main thread.
      const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile') && Number(name.split('.').at(-3)) === 0);
      if (!file) return;
      summariseWindow(JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as CpuProfile, measured.window.from, measured.window.to, summary);
    });
    if (summary.busy === 0) continue;
    console.log(`\n${workload}, main thread: ${mainMicros.toFixed(0)} µs CPU per tx (mean of rounds; ${(summary.busy / 1000).toFixed(0)} ms of busy samples)`);
    console.log(`self time per tx:\n${top(summary.self, count, summary.busy, mainMicros)}`);
    console.log(`inclusive time per tx:\n${top(summary.inclusive, count + 20, summary.busy, mainMicros)}`);
    console.log(`by place:\n${top(summary.places, 15, summary.busy, mainMicros)}`);
  }
  console.log(`\nprofiles: ${directories.join(' ')}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
