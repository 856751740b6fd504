/**
 * WebSocket notification latency (Sequin-only target): 100 subscribers of
 * newPreconfBlockTransactions on a node of its own, while ~400 tx/s arrive for a few seconds.
 * For each tx notification at each subscriber: arrival time − the time its sub-block became
 * durable, which the node reports in the newPreconfSubBlocks heartbeat (`preconfirmedAt`, same
 * machine, same clock). All 100 subscribers live in this harness process, so the figure includes
 * this process parsing 100 copies of every message on a shared 2-core machine.
 */
import type { Hex } from 'viem';
import WebSocket from 'ws';
import { ACCOUNT_COUNT, benchAccounts } from '../lib/accounts.js';
import { RpcClient } from '../lib/rpc.js';
import { signTransferLanes } from '../lib/sign.js';
import { percentile } from '../lib/stats.js';
import { sleep } from '../lib/time.js';
import * as sequin from '../peers/sequin.js';
import type { MetricResult, MetricSpec } from '../workloads/types.js';

export const WS_LATENCY_P50: MetricSpec = {
  id: 'ws-latency-p50',
  label: 'WS: sub-block durable → 100 subscribers notified, p50 (ms)',
  better: 'lower',
  digits: 1,
  sequinOnly: true,
};
export const WS_LATENCY_P99: MetricSpec = {
  id: 'ws-latency-p99',
  label: 'WS: sub-block durable → 100 subscribers notified, p99 (ms)',
  better: 'lower',
  digits: 1,
  sequinOnly: true,
};

const SUBSCRIBERS = 100;
const ROUNDS = 30;
const TXS_PER_ROUND = 40;
const ROUND_MS = 100;

interface Arrival {
  key: string;
  at: number;
}

function subscribe(
  url: string,
  params: unknown[],
  onNotification: (params: { result: unknown; cursor?: { blockNumber: string; subBlockIndex: string } }) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, 'ws'));
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.id === 1) resolve(socket);
      else if (message.method === 'eth_subscription') onNotification(message.params);
    });
  });
}

/** Runs the scenario on its own node; returns p50 and p99 in ms. */
export async function measureWsLatency(): Promise<Record<string, MetricResult>> {
  // 101 connections from one address: above the default per-address limit of 100.
  const peer = await sequin.start(['--ws-max-connections-per-ip', String(SUBSCRIBERS + 10)]);
  const rpc = new RpcClient(peer.url);
  const sockets: WebSocket[] = [];
  try {
    const durableAt = new Map<string, number>();
    sockets.push(
      await subscribe(peer.url, ['newPreconfSubBlocks'], ({ result }) => {
        const tick = result as { blockNumber: string; index: string | null; preconfirmedAt: string };
        if (tick.index !== null) durableAt.set(`${tick.blockNumber}/${tick.index}`, Number(BigInt(tick.preconfirmedAt)));
      }),
    );
    const arrivals: Arrival[] = [];
    for (let i = 0; i < SUBSCRIBERS; i++) {
      sockets.push(
        await subscribe(peer.url, ['newPreconfBlockTransactions'], ({ cursor }) => {
          if (cursor) arrivals.push({ key: `${cursor.blockNumber}/${cursor.subBlockIndex}`, at: Date.now() });
        }),
      );
    }
    const lanes = await signTransferLanes(rpc, benchAccounts(), Math.ceil((ROUNDS * TXS_PER_ROUND) / ACCOUNT_COUNT));
    const ordered: Hex[] = [];
    for (let k = 0; k < lanes[0]!.length; k++) for (const lane of lanes) ordered.push(lane[k]!);
    for (let round = 0; round < ROUNDS; round++) {
      const chunk = ordered.slice(round * TXS_PER_ROUND, (round + 1) * TXS_PER_ROUND);
      await rpc.batch(chunk.map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })));
      await sleep(ROUND_MS);
    }
    const expected = ordered.length * SUBSCRIBERS;
    const deadline = Date.now() + 20_000;
    while (arrivals.length < expected && Date.now() < deadline) await sleep(50);
    if (arrivals.length < expected) throw new Error(`only ${arrivals.length} of ${expected} notifications arrived`);
    const samples = arrivals.map((arrival) => arrival.at - (durableAt.get(arrival.key) ?? Number.NaN)).filter((ms) => Number.isFinite(ms));
    if (samples.length < expected * 0.99) throw new Error(`sub-block times missing for ${expected - samples.length} notifications`);
    const note = `${SUBSCRIBERS} subscribers × ${ordered.length} txs at ~${(TXS_PER_ROUND * 1000) / ROUND_MS} tx/s; min ${Math.min(...samples)} ms, max ${Math.max(...samples)} ms`;
    return { [WS_LATENCY_P50.id]: { value: percentile(samples, 50), note }, [WS_LATENCY_P99.id]: { value: percentile(samples, 99), note } };
  } finally {
    for (const socket of sockets) socket.terminate();
    rpc.close();
    await peer.stop();
  }
}
