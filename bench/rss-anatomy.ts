/**
 * What the Sequin peer's RSS is made of after the bench's workloads (issue 28):
 *   node --import tsx bench/rss-anatomy.ts [--quick] [--root <checkout with a build>]
 * Starts the bench's Sequin peer with lib/heapReport.mjs preloaded, runs the same workloads as
 * run.ts in the same order, and after each prints the VmRSS and every thread's V8 heap (physical /
 * used, young and old generation). At the end: the RSS by mapping (anonymous memory, the LMDB file,
 * the node binary, malloc's heap) from /proc/<pid>/smaps, and the threads by name. The rows'
 * figures go to stdout as well, so two builds run side by side can be compared on throughput too.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { workloadContext } from './lib/workloadContext.js';
import * as sequin from './peers/sequin.js';
import { batchedBurst } from './workloads/batchedBurst.js';
import { blockNumber } from './workloads/block-number.js';
import { burst } from './workloads/burst.js';
import { estimateGas } from './workloads/estimate-gas.js';
import { ethCall } from './workloads/eth-call.js';
import { instantMining } from './workloads/instantMining.js';
import { latency } from './workloads/latency.js';
import { transferEstimate } from './workloads/transfer-estimate.js';

/** run.ts's WORKLOADS, in its order. */
const WORKLOADS = [burst, batchedBurst, latency, estimateGas, transferEstimate, ethCall, blockNumber, instantMining];
const HEAP_REPORT = fileURLToPath(new URL('./lib/heapReport.mjs', import.meta.url));
const KiB_PER_MiB = 1024;

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const rootAt = args.indexOf('--root');
const root = rootAt >= 0 ? path.resolve(args[rootAt + 1]!) : undefined;

function statusMiB(pid: number, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match?.[1] ?? Number.NaN) / KiB_PER_MiB);
}

interface HeapReport {
  threadId: number;
  physical: number;
  used: number;
  spaces: Record<string, number>;
}

function heaps(dir: string, pid: number): string {
  const reports = readdirSync(dir)
    .filter((file) => file.startsWith(`${pid}-`) && file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as HeapReport)
    .sort((a, b) => a.threadId - b.threadId);
  return reports.map((r) => `thread ${r.threadId} ${r.physical}/${r.used} (young ${r.spaces.new_space}, old ${r.spaces.old_space})`).join(' | ');
}

/** Resident MiB by mapping name from /proc/<pid>/smaps, largest first. */
function byMapping(pid: number): Array<[string, number]> {
  const totals = new Map<string, number>();
  let name = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      name = head[1] || '(anonymous: V8 heaps, malloc arenas, thread stacks)';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) totals.set(name, (totals.get(name) ?? 0) + Number(rss[1]));
  }
  return [...totals].map(([n, kB]): [string, number] => [n, Math.round((kB / KiB_PER_MiB) * 10) / 10]).sort((a, b) => b[1] - a[1]);
}

const reportDir = mkdtempSync(path.join(tmpdir(), 'sequin-heap-report-'));
process.env.SEQUIN_HEAP_REPORT_DIR = reportDir;
process.env.SEQUIN_BENCH_NODE_ARGS = [process.env.SEQUIN_BENCH_NODE_ARGS, `--import=${HEAP_REPORT}`].filter(Boolean).join(' ');
const peer = await sequin.start([], [], root);
const ctx = workloadContext(peer, quick);
try {
  for (const workload of WORKLOADS) {
    const measured = await workload.run(ctx);
    for (const [id, result] of Object.entries(measured)) console.log(`${id} ${'value' in result ? result.value : JSON.stringify(result)}`);
    await new Promise((resolve) => setTimeout(resolve, 2100)); // one heap report later
    console.error(`after ${workload.name}: RSS ${statusMiB(peer.pid, 'VmRSS')} MiB; V8 heaps physical/used MiB: ${heaps(reportDir, peer.pid)}`);
  }
  console.log(
    `rss ${statusMiB(peer.pid, 'VmRSS')} (anonymous ${statusMiB(peer.pid, 'RssAnon')}, file ${statusMiB(peer.pid, 'RssFile')}, peak ${statusMiB(peer.pid, 'VmHWM')})`,
  );
  for (const [name, mib] of byMapping(peer.pid).slice(0, 8)) console.log(`  ${String(mib).padStart(7)} MiB  ${name}`);
  const threads = readdirSync(`/proc/${peer.pid}/task`).map((task) => readFileSync(`/proc/${peer.pid}/task/${task}/comm`, 'utf8').trim());
  console.log(`threads (${threads.length}): ${threads.join(', ')}`);
} finally {
  ctx.rpc.close();
  await peer.stop();
  rmSync(reportDir, { recursive: true, force: true });
}
