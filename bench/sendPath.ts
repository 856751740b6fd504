/**
 * The send-path workloads alone against Sequin (not part of `npm run bench`), to compare two builds on a
 * shared machine without the whole run: the burst (20 senders, one request in flight each: the concurrent
 * senders' submit rate), latency at 1,000 tx/s (send → reply, submit → receipt) and instant mining. A fresh
 * node per round (dist/, so `npm run build` first); one JSON line per round, with the load average.
 *
 *   node --import tsx bench/sendPath.ts [rounds]
 */
import { readFileSync } from 'node:fs';
import type { Address } from 'viem';
import { benchAccounts } from './lib/accounts.js';
import { deployToken } from './lib/erc20.js';
import { RpcClient } from './lib/rpc.js';
import * as sequin from './peers/sequin.js';
import { burst } from './workloads/burst.js';
import { instantMining } from './workloads/instantMining.js';
import { latency } from './workloads/latency.js';
import type { WorkloadContext } from './workloads/types.js';

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const rounds = Number(process.argv[2] ?? 3);
for (let round = 0; round < rounds; round++) {
  const peer = await sequin.start();
  const rpc = new RpcClient(peer.url);
  let token: Promise<Address> | undefined;
  const ctx: WorkloadContext = {
    url: peer.url,
    pid: peer.pid,
    rpc,
    quick: false,
    token: () => (token ??= deployToken(rpc, benchAccounts()[0]!)),
    burstHashes: [],
  };
  const measured: Record<string, unknown> = { loadBefore: loadAverage() };
  try {
    // Instant mining last: it switches the node to instant mining.
    for (const workload of [burst, latency, instantMining]) {
      for (const [id, result] of Object.entries(await workload.run(ctx))) measured[id] = 'value' in result ? Number(result.value.toFixed(2)) : result;
    }
  } finally {
    rpc.close();
    await peer.stop();
  }
  measured.loadAfter = loadAverage();
  console.log(JSON.stringify(measured));
}
process.exit(0);
