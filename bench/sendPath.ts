/**
 * The send-path workloads alone against Sequin (not part of `npm run bench`), to compare two builds on a
 * shared machine without the whole run: the burst (20 senders, one request in flight each: the concurrent
 * senders' submit rate), latency at 1,000 tx/s (send → reply, submit → receipt) and instant mining. A fresh
 * node per round (dist/, so `npm run build` first); one JSON line per round, with the load average.
 *
 *   node --import tsx bench/sendPath.ts [rounds]
 */
import { readFileSync } from 'node:fs';
import { workloadContext } from './lib/workloadContext.js';
import * as sequin from './peers/sequin.js';
import { burst } from './workloads/burst.js';
import { instantMining } from './workloads/instantMining.js';
import { latency } from './workloads/latency.js';

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const rounds = Number(process.argv[2] ?? 3);
for (let round = 0; round < rounds; round++) {
  const peer = await sequin.start();
  const ctx = workloadContext(peer, false);
  const measured: Record<string, unknown> = { loadBefore: loadAverage() };
  try {
    // Instant mining last: it switches the node to instant mining.
    for (const workload of [burst, latency, instantMining]) {
      for (const [id, result] of Object.entries(await workload.run(ctx))) measured[id] = 'value' in result ? Number(result.value.toFixed(2)) : result;
    }
  } finally {
    ctx.rpc.close();
    await peer.stop();
  }
  measured.loadAfter = loadAverage();
  console.log(JSON.stringify(measured));
}
process.exit(0);
