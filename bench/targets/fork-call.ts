/**
 * Fork mode: eth_call on forked state, Sequin `--fork-url` against `anvil --fork-url`, both forking
 * the same origin (an Anvil with the benchmark ERC-20 deployed) through a recording proxy that
 * counts HTTP requests to the origin:
 *
 *   cold: COLD_CALLS sequential `balanceOf(fresh address)` calls at latest, each reading a storage
 *         slot neither fork has seen (the token's account and code are fetched by the first) →
 *         ms per call, and origin requests per call;
 *   warm: a closed loop (8 clients, 3 s) of one `balanceOf` already read → calls/s, and origin
 *         requests during the loop (0 when the state is cached).
 *
 * The origin is on loopback, so a round trip costs ~0.3 ms here; over the Internet each costs the
 * provider's latency (tens of ms), which is why the round-trip count is the figure to compare.
 */
import type { Address, Hex } from 'viem';
import { encodeFunctionData } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { type RecordingProxy, startRecordingProxy } from '../../src/testing/RecordingProxy.js';
import { ANVIL } from '../../src/testing/tools/toolPaths.js';
import { benchAccounts } from '../lib/accounts.js';
import { closedLoop } from '../lib/closed-loop.js';
import { deployToken, ERC20_ABI } from '../lib/erc20.js';
import { freePort } from '../lib/free-port.js';
import { spawnTracked, stopTracked } from '../lib/process.js';
import { RpcClient } from '../lib/rpc.js';
import { now } from '../lib/time.js';
import { waitForChainId } from '../lib/wait-rpc.js';
import * as anvil from '../peers/anvil.js';
import * as sequin from '../peers/sequin.js';
import { CLIENTS, LOOP_ROUND_MS, loopRounds } from '../workloads/closed-loop-config.js';
import type { MetricResult, MetricSpec } from '../workloads/types.js';

const COLD_CALLS = 50;

export const FORK_COLD_MS: MetricSpec = {
  id: 'fork.coldMs',
  label: 'Fork: cold eth_call, unseen slot (ms per call, loopback origin)',
  better: 'lower',
  digits: 2,
};
export const FORK_COLD_TRIPS: MetricSpec = { id: 'fork.coldTrips', label: 'Fork: origin requests per cold eth_call', better: 'lower', digits: 2 };
export const FORK_WARM: MetricSpec = { id: 'fork.warm', label: 'Fork: warm eth_call, cached state (calls/s)', better: 'higher', digits: 0 };
export const FORK_WARM_TRIPS: MetricSpec = { id: 'fork.warmTrips', label: 'Fork: origin requests during the warm loop', better: 'lower', digits: 0 };
export const FORK_SPECS = [FORK_COLD_MS, FORK_COLD_TRIPS, FORK_WARM, FORK_WARM_TRIPS] as const;

/** A forking node under test. */
interface Forker {
  url: string;
  stop(): Promise<void>;
}

/** Measures both forks against one origin; returns Sequin's and Anvil's results. */
export async function measureForkCalls(quick: boolean): Promise<{ sequin: Record<string, MetricResult>; anvil: Record<string, MetricResult> }> {
  const origin = await anvil.start();
  const originRpc = new RpcClient(origin.url);
  try {
    const token = await deployToken(originRpc, benchAccounts()[0]!);
    const forkBlock = BigInt(await originRpc.call<Hex>('eth_blockNumber', []));
    const measureWith = async (start: (proxyUrl: string) => Promise<Forker>) => {
      const proxy = await startRecordingProxy(origin.url);
      try {
        const forker = await start(proxy.url);
        try {
          return await measureFork(forker.url, proxy, token, quick);
        } finally {
          await forker.stop();
        }
      } finally {
        await proxy.close();
      }
    };
    const forkArgs = (proxyUrl: string) => ['--fork-url', proxyUrl, '--fork-block-number', String(forkBlock)];
    return {
      sequin: await measureWith((proxyUrl) => sequin.start(forkArgs(proxyUrl))),
      anvil: await measureWith((proxyUrl) => startAnvilFork(forkArgs(proxyUrl))),
    };
  } finally {
    originRpc.close();
    await origin.stop();
  }
}

async function measureFork(url: string, proxy: RecordingProxy, token: Address, quick: boolean): Promise<Record<string, MetricResult>> {
  const rpc = new RpcClient(url);
  try {
    const balanceCall = (holder: Address) => [{ to: token, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [holder] }) }, 'latest'];
    const coldCount = quick ? 10 : COLD_CALLS;
    const before = proxy.requests;
    const started = now();
    for (let index = 0; index < coldCount; index++) await rpc.call('eth_call', balanceCall(privateKeyToAddress(generatePrivateKey())));
    const coldMs = (now() - started) / coldCount;
    const coldTrips = (proxy.requests - before) / coldCount;

    const warmParams = balanceCall(benchAccounts()[0]!.address);
    await rpc.call('eth_call', warmParams);
    const warmBefore = proxy.requests;
    const loop = await closedLoop(() => rpc.call('eth_call', warmParams), { concurrency: CLIENTS, durationMs: LOOP_ROUND_MS * loopRounds(quick) });
    const note = `${coldCount} cold calls`;
    return {
      [FORK_COLD_MS.id]: { value: coldMs, note },
      [FORK_COLD_TRIPS.id]: { value: coldTrips, note },
      [FORK_WARM.id]: { value: loop.perSecond, note: loop.errors > 0 ? `${loop.errors} errors` : undefined },
      [FORK_WARM_TRIPS.id]: { value: proxy.requests - warmBefore },
    };
  } finally {
    rpc.close();
  }
}

/** `anvil --fork-url …` on a free loopback port, silent (as the Anvil peer runs). */
async function startAnvilFork(forkArgs: string[]): Promise<Forker> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const tracked = spawnTracked(ANVIL, ['--host', '127.0.0.1', '--port', String(port), ...forkArgs, '--silent'], { env: { ...process.env, NO_COLOR: '1' } });
  try {
    await waitForChainId(url, tracked);
  } catch (error) {
    await stopTracked(tracked);
    throw error;
  }
  return { url, stop: () => stopTracked(tracked) };
}
