/**
 * Stalled WebSocket subscribers (Sequin-only target, issue 10): does fan-out to clients that stop
 * reading slow the sequencer down or grow the node's memory? Two fresh nodes, the same burst of
 * transfers (30,000; quick: 6,000) from 20 senders, kept ≤ 3,000 ahead of pre-confirmation:
 *
 *   none:    only an observer subscribed to newPreconfSubBlocks (the heartbeat)
 *   stalled: the observer, and 100 connections subscribed to newPreconfBlockTransactions with
 *            full payloads that stop reading (paused sockets) before the burst starts
 *
 * Cadence: the gaps between consecutive sequencer ticks during the burst, from the node's own
 * clock (`preconfirmedAt` of each newPreconfSubBlocks message), so the observer's delays do not
 * count. RSS: the node's peak VmRSS during the burst minus its VmRSS just before (sampled every
 * 50 ms). Target: the largest gap with stalled subscribers ≤ 2× the largest gap without; the
 * RSS growth with them within the node's WebSocket budget (--ws-max-total-buffered-bytes,
 * 256 MiB by default) above the growth without them.
 */
import type { Hex } from 'viem';
import WebSocket from 'ws';
import { ACCOUNT_COUNT, benchAccounts } from '../lib/accounts.js';
import { signTransferFast } from '../lib/fastSign.js';
import { rssMiB } from '../lib/process.js';
import { RpcClient } from '../lib/rpc.js';
import { percentile } from '../lib/stats.js';
import { sleep } from '../lib/time.js';
import * as sequin from '../peers/sequin.js';
import type { Peer } from '../peers/types.js';
import type { MetricResult, MetricSpec } from '../workloads/types.js';

export const STALLED_GAP_NONE: MetricSpec = {
  id: 'stalled-gap-none',
  label: 'Burst, no WS subscribers: largest gap between sub-blocks (ms)',
  better: 'lower',
  digits: 0,
  sequinOnly: true,
};
export const STALLED_GAP: MetricSpec = {
  id: 'stalled-gap',
  label: 'Burst, 100 stalled WS subscribers: largest gap between sub-blocks (ms)',
  better: 'lower',
  digits: 0,
  sequinOnly: true,
};
export const STALLED_GAP_RATIO: MetricSpec = {
  id: 'stalled-gap-ratio',
  label: 'Burst, largest sub-block gap with / without 100 stalled WS subscribers (×)',
  better: 'lower',
  digits: 2,
  sequinOnly: true,
  target: 2,
};
export const STALLED_RSS_EXTRA: MetricSpec = {
  id: 'stalled-rss-extra',
  label: 'Burst, node RSS growth with 100 stalled WS subscribers minus without (MiB)',
  better: 'lower',
  digits: 0,
  sequinOnly: true,
  target: 256,
};

const STALLED = 100;
/** Submitted but not yet pre-confirmed, at most: under the pool's 5,120 slots. */
const AHEAD = 3_000;
/** Transactions per eth_sendRawTransaction batch: small enough that admitting one is short beside a 200 ms interval. */
const BATCH = 200;

/** What one burst showed. */
export interface BurstOutcome {
  /** Gaps between consecutive ticks during the burst, ms (node clock). */
  gaps: number[];
  /** Peak VmRSS during the burst minus VmRSS before it, MiB. */
  rssGrowthMiB: number;
  /** Subscribers dropped as slow consumers (from /metrics). */
  dropped: number;
  seconds: number;
}

/** Runs both scenarios on fresh nodes; returns the four metrics. */
export async function measureStalledSubscribers(
  quick: boolean,
  start: (args: string[]) => Promise<Peer> = sequin.start,
): Promise<Record<string, MetricResult>> {
  const count = quick ? 6_000 : 30_000;
  const transactions = signBurst(count);
  const none = await runBurst(start, transactions, 0);
  const stalled = await runBurst(start, transactions, STALLED);
  const describe = (outcome: BurstOutcome) =>
    `p50 gap ${percentile(outcome.gaps, 50)} ms, RSS +${outcome.rssGrowthMiB.toFixed(0)} MiB, ${outcome.dropped} dropped, ${outcome.seconds.toFixed(1)} s`;
  const note = `${count} transfers; without: ${describe(none)}; with ${STALLED} stalled: ${describe(stalled)}`;
  const largest = (outcome: BurstOutcome) => Math.max(...outcome.gaps);
  return {
    [STALLED_GAP_NONE.id]: { value: largest(none), note },
    [STALLED_GAP.id]: { value: largest(stalled), note },
    [STALLED_GAP_RATIO.id]: { value: largest(stalled) / largest(none), note },
    [STALLED_RSS_EXTRA.id]: { value: stalled.rssGrowthMiB - none.rssGrowthMiB, note },
  };
}

/** `count` transfers, 20 senders in nonce order from 0 (a fresh node), interleaved so a prefix holds every sender's next nonces. */
export function signBurst(count: number): Hex[] {
  const accounts = benchAccounts();
  const perSender = Math.ceil(count / ACCOUNT_COUNT);
  const ordered: Hex[] = [];
  for (let nonce = 0; nonce < perSender; nonce++) {
    for (const [index, account] of accounts.entries()) ordered.push(signTransferFast(account, nonce, accounts[(index + 1) % ACCOUNT_COUNT]!.address));
  }
  return ordered.slice(0, count);
}

/** One burst on a fresh node with `stalledCount` subscribers that stop reading. */
export async function runBurst(start: (args: string[]) => Promise<Peer>, transactions: readonly Hex[], stalledCount: number): Promise<BurstOutcome> {
  const peer = await start(['--ws-max-connections-per-ip', String(stalledCount + 10)]);
  const rpc = new RpcClient(peer.url);
  const sockets: WebSocket[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    const ticks: Array<{ at: number; count: number }> = [];
    let preconfirmed = 0;
    sockets.push(
      await subscribe(peer.url, ['newPreconfSubBlocks'], (result) => {
        const tick = result as { transactionCount: Hex; preconfirmedAt: Hex };
        const count = Number(BigInt(tick.transactionCount));
        preconfirmed += count;
        ticks.push({ at: Number(BigInt(tick.preconfirmedAt)), count });
      }),
    );
    for (let i = 0; i < stalledCount; i++) {
      const socket = await subscribe(peer.url, ['newPreconfBlockTransactions', { full: true }], () => {});
      socket.pause();
      sockets.push(socket);
    }
    await sleep(500);
    const rssBefore = rssMiB(peer.pid);
    let rssPeak = rssBefore;
    sampler = setInterval(() => {
      try {
        rssPeak = Math.max(rssPeak, rssMiB(peer.pid));
      } catch {
        // the node exited: the burst below fails and says so
      }
    }, 50);
    const startedAt = performance.now();
    for (let sent = 0; sent < transactions.length; sent += BATCH) {
      const deadline = Date.now() + 60_000;
      while (sent - preconfirmed > AHEAD) {
        if (Date.now() > deadline) throw new Error(`pre-confirmation stalled at ${preconfirmed} of ${sent} sent`);
        await sleep(10);
      }
      const outcomes = await rpc.batch(transactions.slice(sent, sent + BATCH).map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })));
      const refused = outcomes.find((outcome) => outcome.error);
      if (refused?.error) throw new Error(`eth_sendRawTransaction refused: ${refused.error.message}`);
    }
    const deadline = Date.now() + 60_000;
    while (preconfirmed < transactions.length) {
      if (Date.now() > deadline) throw new Error(`only ${preconfirmed} of ${transactions.length} pre-confirmed`);
      await sleep(20);
    }
    const seconds = (performance.now() - startedAt) / 1000;
    clearInterval(sampler);
    const first = ticks.findIndex((tick) => tick.count > 0);
    let last = ticks.length - 1;
    while (last > 0 && ticks[last]!.count === 0) last--;
    const gaps: number[] = [];
    for (let index = first + 1; index <= last; index++) gaps.push(ticks[index]!.at - ticks[index - 1]!.at);
    if (gaps.length === 0) throw new Error('the burst fit in one sub-block: no gaps to measure');
    return { gaps, rssGrowthMiB: rssPeak - rssBefore, dropped: await droppedConsumers(peer.url), seconds };
  } finally {
    clearInterval(sampler);
    for (const socket of sockets) socket.terminate();
    rpc.close();
    await peer.stop();
  }
}

/** Opens a WebSocket, subscribes, resolves once the subscription id is answered. */
function subscribe(url: string, params: unknown[], onResult: (result: unknown) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, 'ws'));
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.id === 1) {
        if (message.error) reject(new Error(`eth_subscribe: ${message.error.message}`));
        else resolve(socket);
      } else if (message.method === 'eth_subscription') onResult(message.params.result);
    });
  });
}

/** sequin_ws_dropped_consumers_total from /metrics (an open node serves it without a key). */
async function droppedConsumers(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const match = /^sequin_ws_dropped_consumers_total (\d+)/m.exec(text);
  return match ? Number(match[1]) : Number.NaN;
}
