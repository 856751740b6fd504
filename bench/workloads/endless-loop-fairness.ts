/**
 * Fair execution (Sequin only): does a dedicated client's eth_call keep its latency while a public
 * client keeps the node's execution workers busy with endless loops? A node of its own with an API
 * key and --trust-proxy. A dedicated client (`/v1/<key>`, 4 loops, each call then a 10 ms pause)
 * calls the TestToken's `balanceOf` of a new address each time at 'pending' (so no answer comes from the call
 * cache), timed first on an idle node, then while the public client (`/`, one X-Forwarded-For
 * address) keeps 2 endless-loop eth_calls in flight (each burns the 50M gas cap, ~2 s of EVM; each
 * made unique by trailing bytes it never reaches, so none is answered from the call cache: identical
 * loops at 'latest' were, until the next block, and the row measured ~0.05 s loops).
 * Idle and loaded phases alternate three times (once with --quick); the rows are the medians of
 * each phase's p99 and their ratio (target ≤ 2×).
 */
import { encodeFunctionData } from 'viem';
import { ENDLESS_LOOP, withUnreachableSalt } from '../../src/testing/longRunningPrograms.js';
import { benchAccounts } from '../lib/accounts.js';
import { distinctAddress } from '../lib/distinctAddress.js';
import { deployToken, ERC20_ABI } from '../lib/erc20.js';
import { RpcClient } from '../lib/rpc.js';
import { percentile } from '../lib/stats.js';
import { now, sleep } from '../lib/time.js';
import * as sequin from '../peers/sequin.js';
import type { MetricResult, MetricSpec } from './types.js';

export const LOOPS_IDLE_P99: MetricSpec = {
  id: 'loops.idleP99',
  label: 'Dedicated eth_call p99, idle node (ms)',
  better: 'lower',
  digits: 1,
  sequinOnly: true,
};
export const LOOPS_P99: MetricSpec = {
  id: 'loops.loadedP99',
  label: 'Dedicated eth_call p99 while a public client sends endless-loop eth_calls (ms)',
  better: 'lower',
  digits: 1,
  sequinOnly: true,
};
export const LOOPS_RATIO: MetricSpec = {
  id: 'loops.ratio',
  label: 'Dedicated eth_call p99 under public endless loops ÷ idle p99 (×)',
  better: 'lower',
  digits: 2,
  sequinOnly: true,
  target: 2,
};

const API_KEY = 'bench-fairness-key-0123456789abcdef';
const DEDICATED_LOOPS = 4;
const PAUSE_MS = 10;
const PUBLIC_LOOPS_IN_FLIGHT = 2;
/** ENDLESS_LOOP as init code, a request of its own: runs until the call's gas (the 50M cap) is burnt. */
const uniqueLoop = (salt: number): string => `0x${withUnreachableSalt(ENDLESS_LOOP, salt)}`;

/** The dedicated client for `ms`: each call's latency in ms. */
async function dedicatedCalls(rpc: RpcClient, token: `0x${string}`, ms: number, next: () => number): Promise<number[]> {
  const latencies: number[] = [];
  const until = now() + ms;
  await Promise.all(
    Array.from({ length: DEDICATED_LOOPS }, async () => {
      while (now() < until) {
        const data = encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [distinctAddress(next())] });
        const started = now();
        await rpc.call('eth_call', [{ to: token, data }, 'pending']);
        latencies.push(now() - started);
        await sleep(PAUSE_MS);
      }
    }),
  );
  return latencies;
}

/** Runs the scenario on its own node. */
export async function measureEndlessLoopFairness(quick: boolean): Promise<Record<string, MetricResult>> {
  const phaseMs = quick ? 2_000 : 3_000;
  const rounds = quick ? 1 : 3;
  const peer = await sequin.start(['--api-key', API_KEY, '--trust-proxy']);
  const dedicated = new RpcClient(`${peer.url}/v1/${API_KEY}`, { timeoutMs: 30_000 });
  const publicClient = new RpcClient(peer.url, { timeoutMs: 30_000 });
  try {
    const token = await deployToken(dedicated, benchAccounts()[0]!);
    let index = 0;
    const next = () => index++;
    await dedicatedCalls(dedicated, token, 500, next); // warm-up: both workers started
    const idleP99s: number[] = [];
    const loadedP99s: number[] = [];
    let loopsAnswered = 0;
    let loopMs = 0;
    let loopsSent = 0;
    for (let round = 0; round < rounds; round++) {
      idleP99s.push(percentile(await dedicatedCalls(dedicated, token, phaseMs, next), 99));
      let looping = true;
      const loops = Promise.all(
        Array.from({ length: PUBLIC_LOOPS_IN_FLIGHT }, async () => {
          while (looping) {
            const started = now();
            await publicClient.callFrom('203.0.113.9', 'eth_call', [{ data: uniqueLoop(loopsSent++) }, 'latest']).catch(() => undefined);
            loopsAnswered++;
            loopMs += now() - started;
          }
        }),
      );
      await sleep(300); // the loops have taken their worker
      loadedP99s.push(percentile(await dedicatedCalls(dedicated, token, phaseMs, next), 99));
      looping = false;
      await loops;
    }
    const idleP99 = median(idleP99s);
    const loadedP99 = median(loadedP99s);
    return {
      [LOOPS_IDLE_P99.id]: { value: idleP99, note: `p99 per round ${idleP99s.map((ms) => ms.toFixed(1)).join(', ')}` },
      [LOOPS_P99.id]: {
        value: loadedP99,
        note: `p99 per round ${loadedP99s.map((ms) => ms.toFixed(1)).join(', ')}; ${loopsAnswered} loops answered, ${(loopMs / Math.max(1, loopsAnswered) / 1000).toFixed(1)} s each`,
      },
      [LOOPS_RATIO.id]: { value: loadedP99 / idleP99 },
    };
  } finally {
    dedicated.close();
    publicClient.close();
    await peer.stop();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
