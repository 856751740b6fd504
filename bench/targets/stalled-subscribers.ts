/**
 * Stalled WebSocket subscribers (Sequin-only target, issues 10 and 29): does fan-out to public
 * clients that stop reading slow the sequencer down or grow the node's memory? Two fresh nodes at
 * once (runPairedBursts: whatever else loads the machine loads both alike), the same burst of
 * transfers (12,000) on each from a dedicated client (an API key), kept ≤ 3,000 ahead of
 * pre-confirmation:
 *
 *   none:    only the dedicated observer, subscribed to newPreconfSubBlocks (the heartbeat)
 *   stalled: the observer, and N public clients (10, 100, 1,000; each from its own address, by
 *            X-Forwarded-For behind --trust-proxy) subscribed to newPreconfBlockTransactions
 *            (full), newPendingTransactions (full), newPreconfSubBlocks, newHeads and
 *            newPreconfLogs, that stop reading (paused sockets) before the burst starts
 *
 * Cadence: the gaps between consecutive sequencer ticks during the burst, from the node's own
 * clock (`preconfirmedAt` of each newPreconfSubBlocks message), so the observer's delays do not
 * count. Memory: the node's peak VmRSS during the burst (sampled every 20 ms), against the same
 * burst without subscribers. Targets (issue 29): the largest gap with stalled subscribers ≤ 1.5×
 * the largest without; the peak RSS with them ≤ the peak without + the WebSocket budget
 * (--ws-max-total-buffered-bytes) + the bound docs/guides/slow-consumers.md documents.
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

/** The dedicated client's key (the node is started with it). */
export const BURST_KEY = 'stalled-subscribers-bench-key';
/** What each stalled public client subscribes to (issue 29's hostile client). */
export const STALLED_SUBSCRIPTIONS: readonly unknown[][] = [
  ['newPreconfBlockTransactions', { full: true }],
  ['newPendingTransactions', true],
  ['newPreconfSubBlocks'],
  ['newHeads'],
  ['newPreconfLogs'],
];
/** Submitted but not yet pre-confirmed, at most: under the pool's 5,120 slots. */
const AHEAD = 3_000;
/** Transactions per eth_sendRawTransaction batch: small enough that admitting one is short beside a 200 ms interval. */
const BATCH = 200;
/** Stalled clients opened at once while setting up. */
const OPEN_CONCURRENCY = 50;

export const STALLED_COUNTS = [10, 100, 1_000] as const;

const gapSpec = (count: number): MetricSpec => ({
  id: `stalled-gap-ratio-${count}`,
  label: `Burst, largest sub-block gap with / without ${count} stalled public WS clients (×)`,
  better: 'lower',
  digits: 2,
  sequinOnly: true,
  target: 1.5,
});
const rssSpec = (count: number): MetricSpec => ({
  id: `stalled-rss-extra-${count}`,
  label: `Burst, node peak RSS with ${count} stalled public WS clients minus without (MiB)`,
  better: 'lower',
  digits: 0,
  sequinOnly: true,
});
export const STALLED_GAP_NONE: MetricSpec = {
  id: 'stalled-gap-none',
  label: 'Burst, no WS subscribers: largest gap between sub-blocks (ms)',
  better: 'lower',
  digits: 0,
  sequinOnly: true,
};
export const STALLED_METRICS: readonly MetricSpec[] = [STALLED_GAP_NONE, ...STALLED_COUNTS.flatMap((count) => [gapSpec(count), rssSpec(count)])];

/** What one burst showed. */
export interface BurstOutcome {
  /** Gaps between consecutive ticks during the burst, ms (node clock). */
  gaps: number[];
  /** VmRSS just before the burst, MiB. */
  rssBeforeMiB: number;
  /** Peak VmRSS during the burst, MiB. */
  rssPeakMiB: number;
  /** Subscribers dropped as slow consumers (from /metrics). */
  dropped: number;
  seconds: number;
  /** Round trips of the dedicated client's eth_sendRawTransaction batches, ms: what HTTP callers saw. */
  sendMs: number[];
  /** Seconds of the burst the node spent building and sealing (sub-block build + seal times, /metrics). */
  sequencerSeconds: number;
  /** Seconds of the burst the node spent writing WebSocket output (/metrics). */
  writeSeconds: number;
}

/** Options of one burst. */
export interface BurstOptions {
  /** Stalled public clients (each with the five subscriptions). */
  stalled: number;
  /** More node flags (e.g. a smaller --ws-max-total-buffered-bytes). */
  args?: readonly string[];
}

/**
 * How many paired bursts per stalled-client count in a full run. The metric is a maximum (the one
 * slowest tick of a burst), so a single pair swung between runs by more than the target's margin
 * (1.23× and 1.55× at 100 clients, same code, 2026-11-29); the median of three pairs is reported,
 * each pair's ratio in the note.
 */
const FULL_PAIRS = 3;

/** Runs the burst with 10, 100 and 1,000 stalled clients, each paired with the same burst without them, on fresh nodes. */
export async function measureStalledSubscribers(
  quick: boolean,
  start: (args: string[]) => Promise<Peer> = sequin.start,
): Promise<Record<string, MetricResult>> {
  const count = quick ? 6_000 : 12_000;
  const pairs = quick ? 1 : FULL_PAIRS;
  const transactions = signBurst(count);
  const results: Record<string, MetricResult> = {};
  for (const stalledCount of STALLED_COUNTS) {
    const outcomes: Array<{ none: BurstOutcome; stalled: BurstOutcome }> = [];
    for (let pair = 0; pair < pairs; pair++) outcomes.push(await runPairedBursts(start, transactions, { stalled: stalledCount }));
    const ratios = outcomes.map(({ none, stalled }) => largestGap(stalled) / largestGap(none));
    const median = outcomes[medianIndex(ratios)]!;
    if (stalledCount === STALLED_COUNTS[0]) {
      const nones = outcomes.map(({ none }) => largestGap(none));
      results[STALLED_GAP_NONE.id] = {
        value: percentile(nones, 50),
        note: `${count} transfers, ${pairs} bursts: ${nones.join(', ')} ms; ${describeBurst(median.none)}`,
      };
    }
    const pairsNote = pairs > 1 ? `median of ${pairs} pairs (${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}); that pair: ` : '';
    const note = `${count} transfers; ${pairsNote}without: ${describeBurst(median.none)}; with ${stalledCount} stalled: ${describeBurst(median.stalled)}`;
    results[gapSpec(stalledCount).id] = { value: ratios[medianIndex(ratios)]!, note };
    results[rssSpec(stalledCount).id] = { value: median.stalled.rssPeakMiB - median.none.rssPeakMiB, note };
  }
  return results;
}

/** The index of the median of `values` (the lower middle one for an even count). */
function medianIndex(values: readonly number[]): number {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  return order[Math.floor((order.length - 1) / 2)]!.index;
}

/** The largest gap between two sub-blocks of the burst, ms. */
export function largestGap(outcome: BurstOutcome): number {
  return Math.max(...outcome.gaps);
}

/** One line on a burst, for notes and test output. */
export function describeBurst(outcome: BurstOutcome): string {
  const share = (seconds: number) => `${((100 * seconds) / outcome.seconds).toFixed(0)}%`;
  return (
    `gaps p50 ${percentile(outcome.gaps, 50)} ms, max ${largestGap(outcome)} ms; RSS ${outcome.rssBeforeMiB.toFixed(0)} → peak ${outcome.rssPeakMiB.toFixed(0)} MiB; ` +
    `${outcome.dropped} dropped; ${outcome.seconds.toFixed(1)} s; send batch p50 ${percentile(outcome.sendMs, 50).toFixed(0)} ms, max ${Math.max(...outcome.sendMs).toFixed(0)} ms; ` +
    `time building/sealing ${share(outcome.sequencerSeconds)}, writing WS ${share(outcome.writeSeconds)}`
  );
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

/** The node flags of a burst with `stalled` public clients: a key for the burst, room for the clients, their addresses believed. */
function burstArgs(options: BurstOptions): string[] {
  return [
    '--api-key',
    BURST_KEY,
    '--trust-proxy',
    '--dedicated-rate-limit',
    '0',
    // Public clients may take 90% of the connections (--ws-dedicated-share 10).
    '--ws-max-connections',
    String(Math.ceil((options.stalled + 10) / 0.9)),
    ...(options.args ?? []),
  ];
}

/**
 * The same burst on two fresh nodes at the same time, one without subscribers and one with
 * `options.stalled` stalled clients, both set up before either starts: whatever else loads the
 * machine meanwhile loads both alike, so their ratio is the stalled clients' cost alone.
 */
export async function runPairedBursts(
  start: (args: string[]) => Promise<Peer>,
  transactions: readonly Hex[],
  options: BurstOptions,
): Promise<{ none: BurstOutcome; stalled: BurstOutcome }> {
  const prepared: PreparedBurst[] = [];
  try {
    prepared.push(await prepareBurst(start, transactions, { ...options, stalled: 0 }));
    prepared.push(await prepareBurst(start, transactions, options));
    const [none, stalled] = await Promise.all(prepared.map((burst) => burst.run()));
    return { none: none!, stalled: stalled! };
  } finally {
    await Promise.all(prepared.map((burst) => burst.close()));
  }
}

/** A node set up for a burst: its observer and stalled clients connected; `run` sends the burst once. */
interface PreparedBurst {
  run(): Promise<BurstOutcome>;
  close(): Promise<void>;
}

async function prepareBurst(start: (args: string[]) => Promise<Peer>, transactions: readonly Hex[], options: BurstOptions): Promise<PreparedBurst> {
  const peer = await start(burstArgs(options));
  const dedicatedUrl = `${peer.url}/v1/${BURST_KEY}`;
  const rpc = new RpcClient(dedicatedUrl);
  const sockets: WebSocket[] = [];
  let sampler: NodeJS.Timeout | undefined;
  const close = async () => {
    clearInterval(sampler);
    for (const socket of sockets) socket.terminate();
    rpc.close();
    await peer.stop();
  };
  const ticks: Array<{ at: number; count: number }> = [];
  let preconfirmed = 0;
  try {
    const observer = await openSubscriber(dedicatedUrl, undefined, [['newPreconfSubBlocks']], (result) => {
      const tick = result as { transactionCount: Hex; preconfirmedAt: Hex };
      const count = Number(BigInt(tick.transactionCount));
      preconfirmed += count;
      ticks.push({ at: Number(BigInt(tick.preconfirmedAt)), count });
    });
    sockets.push(observer);
    for (let opened = 0; opened < options.stalled; opened += OPEN_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(OPEN_CONCURRENCY, options.stalled - opened) }, (_, index) =>
        openSubscriber(peer.url, publicAddress(opened + index), STALLED_SUBSCRIPTIONS, () => {}),
      );
      for (const socket of await Promise.all(batch)) {
        socket.pause();
        sockets.push(socket);
      }
    }
    await sleep(500);
  } catch (error) {
    await close();
    throw error;
  }

  const run = async (): Promise<BurstOutcome> => {
    const rssBeforeMiB = rssMiB(peer.pid);
    let rssPeakMiB = rssBeforeMiB;
    sampler = setInterval(() => {
      try {
        rssPeakMiB = Math.max(rssPeakMiB, rssMiB(peer.pid));
      } catch {
        // the node exited: the burst below fails and says so
      }
    }, 20);
    const metricsBefore = await nodeMetrics(peer.url);
    const sendMs: number[] = [];
    const startedAt = performance.now();
    for (let sent = 0; sent < transactions.length; sent += BATCH) {
      const deadline = Date.now() + 60_000;
      while (sent - preconfirmed > AHEAD) {
        if (Date.now() > deadline) throw new Error(`pre-confirmation stalled at ${preconfirmed} of ${sent} sent`);
        await sleep(10);
      }
      const sentAt = performance.now();
      const outcomes = await rpc.batch(transactions.slice(sent, sent + BATCH).map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })));
      sendMs.push(performance.now() - sentAt);
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
    const metricsAfter = await nodeMetrics(peer.url);
    const spent = (name: string) => (metricsAfter.get(name) ?? 0) - (metricsBefore.get(name) ?? 0);
    return {
      gaps,
      rssBeforeMiB,
      rssPeakMiB,
      dropped: metricsAfter.get('sequin_ws_dropped_consumers_total') ?? Number.NaN,
      seconds,
      sendMs,
      sequencerSeconds: spent('sequin_subblock_build_seconds_sum') + spent('sequin_block_seal_seconds_sum'),
      writeSeconds: spent('sequin_ws_write_seconds_total'),
    };
  };
  return { run, close };
}

/** A distinct client address per stalled client (10.x.y.z), told to the node by X-Forwarded-For. */
function publicAddress(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** Opens a WebSocket, subscribes to each of `subscriptions`, resolves once every id is answered. */
function openSubscriber(
  url: string,
  forwardedFor: string | undefined,
  subscriptions: readonly unknown[][],
  onResult: (result: unknown) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, 'ws'), { headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} });
    let answered = 0;
    socket.once('error', reject);
    socket.once('open', () => {
      for (const [index, params] of subscriptions.entries()) {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: index + 1, method: 'eth_subscribe', params }));
      }
    });
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.method === 'eth_subscription') onResult(message.params.result);
      else if (message.error) reject(new Error(`eth_subscribe: ${message.error.message}`));
      else if (++answered === subscriptions.length) resolve(socket);
    });
  });
}

/** The node's unlabelled metrics from /metrics (read with the key), by name. */
async function nodeMetrics(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${BURST_KEY}` } })).text();
  const values = new Map<string, number>();
  for (const match of text.matchAll(/^(sequin_\w+) ([\d.e+-]+)$/gm)) values.set(match[1]!, Number(match[2]));
  return values;
}
