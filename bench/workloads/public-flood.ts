/**
 * Public flood vs dedicated client (Sequin only): does the public tier's rate limit protect
 * dedicated clients? A node of its own with an API key and --trust-proxy (so the flood can come
 * from many addresses). A dedicated client (`/v1/<key>`, 4 loops, each call then a 10 ms pause:
 * ~300 calls/s of eth_blockNumber, eth_getBalance and eth_getBlockReceipts) is timed first on an
 * idle node, then while a separate process floods the public tier `/` with batches of heavy
 * reads from 64 connections and 8 addresses as fast as it is answered. Reports the dedicated
 * client's p99 in both phases and their ratio (target ≤ 2×); the note says how much of the flood
 * was refused with 429. Idle and flood phases alternate three times (once with --quick) and the
 * median of each phase's p99 is reported, so one burst of noise from elsewhere on the machine
 * does not decide the result.
 */
import { fileURLToPath } from 'node:url';
import { spawnTracked } from '../lib/process.js';
import { RpcClient } from '../lib/rpc.js';
import { percentile } from '../lib/stats.js';
import { now, sleep } from '../lib/time.js';
import * as sequin from '../peers/sequin.js';
import type { MetricResult, MetricSpec } from './types.js';

export const FLOOD_IDLE_P99: MetricSpec = { id: 'flood.idleP99', label: 'Dedicated client p99, idle node (ms)', better: 'lower', digits: 1, sequinOnly: true };
export const FLOOD_P99: MetricSpec = {
  id: 'flood.floodP99',
  label: 'Dedicated client p99 during a public-tier flood (ms)',
  better: 'lower',
  digits: 1,
  sequinOnly: true,
};
export const FLOOD_RATIO: MetricSpec = {
  id: 'flood.ratio',
  label: 'Dedicated p99 under public flood ÷ idle p99 (×)',
  better: 'lower',
  digits: 2,
  sequinOnly: true,
  target: 2,
};

const API_KEY = 'bench-dedicated-key-0123456789abcdef';
const DEDICATED_LOOPS = 4;
const PAUSE_MS = 10;
const FLOOD_CONNECTIONS = 64;
const FLOOD_ADDRESSES = 8;
const FLOOD_CLIENT = fileURLToPath(new URL('../lib/public-flood-client.ts', import.meta.url));

/** Runs the dedicated client for `ms`; returns each call's latency in ms. */
async function dedicatedLoad(rpc: RpcClient, ms: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = now() + ms;
  const calls: Array<[string, unknown[]]> = [
    ['eth_blockNumber', []],
    ['eth_getBalance', ['0x000000000000000000000000000000000000dEaD', 'latest']],
    ['eth_getBlockReceipts', ['latest']],
  ];
  await Promise.all(
    Array.from({ length: DEDICATED_LOOPS }, async (_, loop) => {
      for (let i = loop; now() < until; i++) {
        const [method, params] = calls[i % calls.length]!;
        const started = now();
        await rpc.call(method, params);
        latencies.push(now() - started);
        await sleep(PAUSE_MS);
      }
    }),
  );
  return latencies;
}

/** Runs the scenario on its own node. */
export async function measurePublicFlood(quick: boolean): Promise<Record<string, MetricResult>> {
  const phaseMs = quick ? 2_000 : 3_000;
  const rounds = quick ? 1 : 3;
  const peer = await sequin.start(['--api-key', API_KEY, '--trust-proxy']);
  const rpc = new RpcClient(`${peer.url}/v1/${API_KEY}`, { timeoutMs: 10_000 });
  try {
    await dedicatedLoad(rpc, 500); // warm-up
    const idleP99s: number[] = [];
    const floodP99s: number[] = [];
    const idleP50s: number[] = [];
    const floodP50s: number[] = [];
    let floodRequests = 0;
    let floodRefused = 0;
    let dedicatedCalls = 0;
    for (let round = 0; round < rounds; round++) {
      const idle = await dedicatedLoad(rpc, phaseMs);
      idleP99s.push(percentile(idle, 99));
      idleP50s.push(percentile(idle, 50));
      const flood = spawnTracked(
        process.execPath,
        ['--import', 'tsx', FLOOD_CLIENT, peer.url, String(phaseMs + 1_000), String(FLOOD_CONNECTIONS), String(FLOOD_ADDRESSES)],
        { env: process.env },
      );
      let floodOutput = '';
      flood.child.stdout?.on('data', (chunk: Buffer) => (floodOutput += chunk.toString('utf8')));
      await sleep(800); // the flood process starts and ramps up
      const loaded = await dedicatedLoad(rpc, phaseMs);
      floodP99s.push(percentile(loaded, 99));
      floodP50s.push(percentile(loaded, 50));
      dedicatedCalls += loaded.length;
      await flood.exited;
      const summary = JSON.parse(floodOutput.trim().split('\n').at(-1) ?? '{}') as { requests?: number; byStatus?: Record<string, number> };
      if (!summary.requests) throw new Error(`the flood process reported nothing:\n${flood.tail()}`);
      floodRequests += summary.requests;
      floodRefused += summary.byStatus?.['429'] ?? 0;
    }
    const idleP99 = median(idleP99s);
    const floodP99 = median(floodP99s);
    const floodRate = Math.round(floodRequests / ((rounds * (phaseMs + 1_000)) / 1000));
    const note = `flood ${floodRate} req/s of 10-call batches, ${((100 * floodRefused) / floodRequests).toFixed(1)}% answered 429; dedicated ${Math.round(dedicatedCalls / ((rounds * phaseMs) / 1000))} calls/s`;
    return {
      [FLOOD_IDLE_P99.id]: { value: idleP99, note: `p50 ${median(idleP50s).toFixed(1)} ms; p99 per round ${idleP99s.map((ms) => ms.toFixed(1)).join(', ')}` },
      [FLOOD_P99.id]: {
        value: floodP99,
        note: `p50 ${median(floodP50s).toFixed(1)} ms; p99 per round ${floodP99s.map((ms) => ms.toFixed(1)).join(', ')}; ${note}`,
      },
      [FLOOD_RATIO.id]: { value: floodP99 / idleP99 },
    };
  } finally {
    rpc.close();
    await peer.stop();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
