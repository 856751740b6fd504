/**
 * The fleet on NATS JetStream (Sequin-only targets), each on fresh nodes and a fresh one-server
 * JetStream (`nats-server`, started by src/testing/startNatsCluster.ts):
 *
 * - replica lag: a sequencer and a replica, both subscribed to newPreconfBlockTransactions from
 *   this process, while ~500 tx/s are offered to the sequencer; per tx, the replica's
 *   notification time − the sequencer's (same process, same clock): how far behind a replica's
 *   `pending` is. p50 / p99.
 * - sequencer throughput with publishing on vs off: the batched burst (2,000 transfers in JSON-RPC
 *   batches of 100, first submit → every receipt visible) on a sequencer without `--nats`, then on
 *   one with it (every accepted tx, sub-block and seal published to the stream before it is seen).
 */
import type { Hex } from 'viem';
import WebSocket from 'ws';
import { cleanupNatsClusters, startNatsCluster } from '../../src/testing/startNatsCluster.js';
import { ACCOUNT_COUNT, benchAccounts } from '../lib/accounts.js';
import { waitForAllReceipts } from '../lib/receipts.js';
import { RpcClient } from '../lib/rpc.js';
import { signTransferLanes } from '../lib/sign.js';
import { percentile } from '../lib/stats.js';
import { now, sleep } from '../lib/time.js';
import * as sequin from '../peers/sequin.js';
import { sendBatchedBurst } from '../workloads/batchedBurst.js';
import type { MetricResult, MetricSpec } from '../workloads/types.js';

export const FLEET_LAG_P50: MetricSpec = {
  id: 'fleet-lag-p50',
  label: 'Replica lag behind the sequencer @500 tx/s, p50 (ms)',
  better: 'lower',
  digits: 1,
  sequinOnly: true,
};
export const FLEET_LAG_P99: MetricSpec = {
  id: 'fleet-lag-p99',
  label: 'Replica lag behind the sequencer @500 tx/s, p99 (ms), target ≤ 200',
  better: 'lower',
  digits: 1,
  sequinOnly: true,
};
export const FLEET_OFF: MetricSpec = {
  id: 'fleet-off',
  label: 'Sequencer batched burst, no NATS, end to end (tx/s)',
  better: 'higher',
  digits: 0,
  sequinOnly: true,
};
export const FLEET_ON: MetricSpec = {
  id: 'fleet-on',
  label: 'Sequencer batched burst, publishing to JetStream, end to end (tx/s)',
  better: 'higher',
  digits: 0,
  sequinOnly: true,
};

const LAG_ROUNDS = 40;
const LAG_TXS_PER_ROUND = 50;
const LAG_ROUND_MS = 100;

function subscribe(url: string, onTransaction: (hash: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, 'ws'));
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newPreconfBlockTransactions'] })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.id === 1) resolve(socket);
      else if (message.method === 'eth_subscription') {
        const result = message.params.result as string | { hash: string };
        onTransaction(typeof result === 'string' ? result : result.hash);
      }
    });
  });
}

/** Replica lag p50/p99 and the batched burst with publishing off and on. */
export async function measureFleet(quick: boolean): Promise<Record<string, MetricResult>> {
  try {
    return { ...(await measureThroughput(quick)), ...(await measureLag(quick)) };
  } finally {
    await cleanupNatsClusters();
  }
}

async function measureThroughput(quick: boolean): Promise<Record<string, MetricResult>> {
  const results: Record<string, MetricResult> = {};
  for (const [id, publishing] of [
    [FLEET_OFF.id, false],
    [FLEET_ON.id, true],
  ] as const) {
    const nats = publishing ? await startNatsCluster() : undefined;
    const peer = await sequin.start(nats ? ['--nats', nats.natsFlag] : []);
    const rpc = new RpcClient(peer.url);
    try {
      const lanes = await signTransferLanes(rpc, benchAccounts(), quick ? 20 : 100);
      const t0 = now();
      const hashes = await sendBatchedBurst(rpc, lanes);
      const allSeenAt = await waitForAllReceipts(rpc, hashes, { intervalMs: 5, timeoutMs: 60_000 });
      results[id] = { value: hashes.length / ((allSeenAt - t0) / 1000), note: `${hashes.length} txs in ${Math.round(allSeenAt - t0)} ms` };
    } finally {
      rpc.close();
      await peer.stop();
      await nats?.stop();
    }
  }
  return results;
}

async function measureLag(quick: boolean): Promise<Record<string, MetricResult>> {
  const nats = await startNatsCluster();
  const sequencer = await sequin.start(['--nats', nats.natsFlag]);
  const replica = await sequin.start(['--nats', nats.natsFlag, '--role', 'replica']);
  const rpc = new RpcClient(sequencer.url);
  const sockets: WebSocket[] = [];
  try {
    const atSequencer = new Map<string, number>();
    const atReplica = new Map<string, number>();
    sockets.push(await subscribe(sequencer.url, (hash) => atSequencer.set(hash, performance.now())));
    sockets.push(await subscribe(replica.url, (hash) => atReplica.set(hash, performance.now())));
    const rounds = quick ? 10 : LAG_ROUNDS;
    const lanes = await signTransferLanes(rpc, benchAccounts(), Math.ceil((rounds * LAG_TXS_PER_ROUND) / ACCOUNT_COUNT));
    const ordered: Hex[] = [];
    for (let k = 0; k < lanes[0]!.length; k++) for (const lane of lanes) ordered.push(lane[k]!);
    for (let round = 0; round < rounds; round++) {
      const startedAt = now();
      const chunk = ordered.slice(round * LAG_TXS_PER_ROUND, (round + 1) * LAG_TXS_PER_ROUND);
      await rpc.batch(chunk.map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })));
      await sleep(Math.max(0, LAG_ROUND_MS - (now() - startedAt)));
    }
    const deadline = Date.now() + 20_000;
    while (atReplica.size < ordered.length && Date.now() < deadline) await sleep(50);
    const samples = [...atReplica].flatMap(([hash, at]) => {
      const seen = atSequencer.get(hash);
      return seen === undefined ? [] : [at - seen];
    });
    if (samples.length < ordered.length * 0.99) throw new Error(`only ${samples.length} of ${ordered.length} txs seen on both nodes`);
    const note = `${ordered.length} txs at ~${(LAG_TXS_PER_ROUND * 1000) / LAG_ROUND_MS} tx/s offered; min ${Math.min(...samples).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms`;
    return { [FLEET_LAG_P50.id]: { value: percentile(samples, 50), note }, [FLEET_LAG_P99.id]: { value: percentile(samples, 99), note } };
  } finally {
    for (const socket of sockets) socket.terminate();
    rpc.close();
    await replica.stop();
    await sequencer.stop();
    await nats.stop();
  }
}
