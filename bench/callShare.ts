/**
 * What the main thread's share for calls (`--main-thread-call-share`) trades: Sequin (LMDB, interval
 * mining) under 8 clients sending a closed loop of one kind of call (default: distinct ERC-20
 * transfer estimates), and, from 1 s into that load, the bench's latency workload (1,000 transfers/s
 * for 5 s, each timed to its pre-confirmed receipt). Prints one JSON line per share and run: the
 * calls' rate while the sends ran beside them, and the sends' latencies in ms. Shares alternate
 * run by run, so a machine whose load changes affects them alike.
 *
 *   node --import tsx bench/callShare.ts [--shares 50,75] [--runs N] [--workload estimateErc20Distinct|ethCallDistinct|…]
 */
import { closedLoop } from './lib/closed-loop.js';
import { PROFILED_WORKLOADS, type ProfiledWorkload, requestOf } from './lib/profiledWorkloads.js';
import { RpcClient } from './lib/rpc.js';
import { sleep } from './lib/time.js';
import { workloadContext } from './lib/workloadContext.js';
import * as sequin from './peers/sequin.js';
import { latency } from './workloads/latency.js';

const CLIENTS = 8;
const WARMUP_MS = 3_000;
/** Long enough to cover the latency workload (5 s of sends and their last receipts) started 1 s in. */
const LOAD_MS = 9_000;

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1]! : fallback;
}

async function runOnce(share: number, workload: ProfiledWorkload) {
  const peer = await sequin.start([`--main-thread-call-share=${share}`]);
  try {
    const callClient = new RpcClient(peer.url);
    const request = await requestOf(callClient, workload);
    const send = () => callClient.call(request.method, request.params());
    await closedLoop(send, { concurrency: CLIENTS, durationMs: WARMUP_MS });
    const calls = closedLoop(send, { concurrency: CLIENTS, durationMs: LOAD_MS });
    await sleep(1_000);
    const sends = await latency.run(workloadContext(peer, false));
    const load = await calls;
    const ms = (id: string) => Number((sends as Record<string, { value: number }>)[id]!.value.toFixed(1));
    return {
      share,
      workload,
      callsPerSecond: Math.round(load.perSecond),
      callErrors: load.errors,
      receiptP50: ms('latency.receipt.p50'),
      receiptP99: ms('latency.receipt.p99'),
      submitP50: ms('latency.submit.p50'),
      submitP99: ms('latency.submit.p99'),
    };
  } finally {
    await peer.stop();
  }
}

async function main() {
  const shares = option('--shares', '50,75').split(',').map(Number);
  const runs = Number(option('--runs', '2'));
  const workload = option('--workload', 'estimateErc20Distinct') as ProfiledWorkload;
  if (!PROFILED_WORKLOADS.includes(workload)) throw new Error(`--workload: one of ${PROFILED_WORKLOADS.join(', ')}`);
  for (let run = 0; run < runs; run++) for (const share of shares) console.log(JSON.stringify(await runOnce(share, workload)));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
