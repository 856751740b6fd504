/**
 * Sequin design target, in-process (no HTTP, no Hardhat or Anvil counterpart): the cost of a
 * transaction stays flat as the chain grows. The same burst — 2,000 transfers from 20 senders —
 * costs within 10% after 1,000,000 transactions of what it cost on a fresh chain (ratio ≤ 1.10).
 *
 * The chain is `createTestChain({ ephemeral: false, … }, { start: false })`: LMDB in a temporary
 * data directory with the node's workers, as `npm start` runs, and a manual clock, so no timer or
 * HTTP is involved and the bench drives the sequencer itself (`sequencer.tick()` after moving the
 * clock one pre-confirmation interval). A burst is timed from its first `intake.submit` to the end
 * of the tick that seals its block: the submissions (decode, signature recovery, pool, journal),
 * the tick that pre-confirms all 2,000 in one durable sub-block, and the seal (roots, header,
 * commit). Each burst starts on a freshly opened block and must end with every transfer in the
 * sealed block and a successful receipt for each.
 *
 * At each point, WARMUP_BURSTS bursts are run and checked but not timed (a fresh process is
 * JIT-bound for its first few thousand transactions), then TIMED_BURSTS timed: median, with
 * min–max. Between the two points the history is generated on the same chain: transfers of 1 wei
 * from HISTORY_SENDERS other dev accounts, each to an address never used before, so every history
 * transaction also creates an account and the state grows as a real chain's does. It is made as
 * the node makes blocks: sub-blocks of HISTORY_PER_SUB_BLOCK transfers every 200 ms, sealed every
 * 2 s (3,000 transfers, 63 Mgas a block: under the 75 Mgas target, so the base fee never climbs
 * past the transfers' 10 gwei cap). The transactions are signed just before they are submitted
 * (lib/rawTransfer.ts), one sub-block at a time, so memory holds no more than one sub-block of
 * them. The total counts every transaction on the chain when the second measurement starts.
 *
 *   node --import tsx bench/targets/flat-cost.ts [--transactions N] [--cpu-prof DIR]
 *
 * runs it alone (default N = 1,000,000); `--cpu-prof` writes V8 CPU profiles (.cpuprofile, for
 * Chrome DevTools or speedscope) of the timed bursts only, `first.cpuprofile` and
 * `after.cpuprofile`, to compare where the time goes at both points.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bytesToHex, type Hex, hexToBytes } from 'viem';
import { keccak256 } from '../../src/primitives/keccak.js';
import { createTestChain, type TestChain } from '../../src/testing/createTestChain.js';
import { printStandalone } from '../lib/printStandalone.js';
import { signRawTransfer } from '../lib/rawTransfer.js';
import { percentile } from '../lib/stats.js';
import { now } from '../lib/time.js';
import type { MetricResult, MetricSpec } from '../workloads/types.js';

const BURST_SENDERS = 20;
const BURST_PER_SENDER = 100;
const BURST = BURST_SENDERS * BURST_PER_SENDER; // 2,000
/** Submissions in flight together, as one JSON-RPC batch of the batched-burst workload carries (5 nonces × 20 senders). */
const SUBMIT_BATCH = 100;
const WARMUP_BURSTS = 3;
const TIMED_BURSTS = 5;
/** Dev accounts that send the history (after the burst's 20), each ~5,000 transactions for 1,000,000. */
const HISTORY_SENDERS = 200;
const HISTORY_PER_SUB_BLOCK = 300;
const PRECONF_INTERVAL_MS = 200;
const BLOCK_TIME_MS = 2000;
const SUB_BLOCKS_PER_BLOCK = BLOCK_TIME_MS / PRECONF_INTERVAL_MS;
const PROGRESS_EVERY = 50_000;
/** The issue's size: what the CLI runs unless told otherwise. */
export const DEFAULT_TRANSACTIONS = 1_000_000;

export const FLAT_COST_FIRST: MetricSpec = {
  id: 'target.flatCostFirst',
  label: 'Flat cost: 2,000-transfer burst on a fresh LMDB chain, submit + ticks + seal, in-process (ms)',
  better: 'lower',
  digits: 0,
  sequinOnly: true,
};

export const FLAT_COST_AFTER: MetricSpec = {
  id: 'target.flatCostAfter',
  label: 'Flat cost: the same burst after the generated history (ms)',
  better: 'lower',
  digits: 0,
  sequinOnly: true,
};

export const FLAT_COST_RATIO: MetricSpec = {
  id: 'target.flatCostRatio',
  label: 'Flat cost: burst after the history ÷ burst on the fresh chain',
  better: 'lower',
  digits: 2,
  sequinOnly: true,
  target: 1.1,
};

/** The chain under test and what the bench tracks of it: dev keys and every sender's next nonce. */
interface Bench {
  chain: TestChain;
  keys: Uint8Array[];
  addresses: Uint8Array[];
  nonces: number[];
  /** Transactions on the chain so far. */
  transactions: number;
  /** History transactions sent so far: the next new recipient's index. */
  recipients: number;
}

/** A fresh 20-byte address per history transaction: a fixed prefix, then the index. */
function newRecipient(index: number): Uint8Array {
  const address = new Uint8Array(20);
  address.set([0xf1, 0xa7, 0xc0, 0x57]);
  new DataView(address.buffer).setBigUint64(12, BigInt(index));
  return address;
}

/**
 * Submits `raws` together, as concurrent clients or one JSON-RPC batch do: each is admitted to the
 * pool in order at once, and their journal writes share one LMDB commit (the intake's group commit).
 */
async function submitAll(bench: Bench, raws: readonly Uint8Array[]): Promise<void> {
  await Promise.all(raws.map((raw) => bench.chain.intake.submit(raw)));
}

/** Moves the clock one interval and runs one tick (a sub-block if anything is executable, a seal when due). */
async function tick(bench: Bench): Promise<void> {
  await bench.chain.clock.advance(PRECONF_INTERVAL_MS);
  await bench.chain.sequencer.tick();
}

/** Throws unless the last sealed block is `number` and holds `count` transactions, and the pool is empty. */
function checkSealed(bench: Bench, number: number, count: number): void {
  const { chain } = bench;
  const head = chain.chain.head();
  if (head?.number !== number) throw new Error(`expected block ${number} sealed, head is ${head?.number}`);
  const included = chain.chain.blockByNumber(number)?.transactions.length;
  if (included !== count) throw new Error(`block ${number} holds ${included} of ${count} transactions`);
  if (chain.pool.size !== 0) throw new Error(`${chain.pool.size} transactions left in the pool after block ${number}`);
}

/** The burst's 2,000 signed transfers, nonce-major: sender s pays sender s+1 (existing accounts). */
function signBurst(bench: Bench): Uint8Array[] {
  const raws: Uint8Array[] = [];
  for (let k = 0; k < BURST_PER_SENDER; k++) {
    for (let s = 0; s < BURST_SENDERS; s++) {
      raws.push(signRawTransfer(bench.keys[s]!, bench.nonces[s]!++, bench.addresses[(s + 1) % BURST_SENDERS]!));
    }
  }
  return raws;
}

/**
 * One burst on a freshly opened block: submit all 2,000, tick until the pool is empty, then move
 * the clock to the block's end and tick once more to seal it. Returns the milliseconds from the
 * first submission to the sealed block, after checking the block and every receipt.
 */
async function burst(bench: Bench): Promise<number> {
  const { chain } = bench;
  const raws = signBurst(bench);
  const block = chain.sequencer.openBlock.number;
  if (!chain.sequencer.openBlock.isEmpty) throw new Error(`block ${block} is not freshly opened`);

  const startedAt = now();
  for (let start = 0; start < raws.length; start += SUBMIT_BATCH) await submitAll(bench, raws.slice(start, start + SUBMIT_BATCH));
  for (let ticks = 1; chain.pool.size > 0; ticks++) {
    if (ticks >= SUB_BLOCKS_PER_BLOCK) throw new Error(`${chain.pool.size} burst transactions still pending at the block's last tick`);
    await tick(bench);
  }
  await chain.clock.advance(chain.sequencer.openBlock.openedAtMs + BLOCK_TIME_MS - chain.clock.now());
  await chain.sequencer.tick();
  const elapsed = now() - startedAt;

  checkSealed(bench, block, BURST);
  for (const raw of raws) {
    const hash = bytesToHex(keccak256(raw));
    const receipt = chain.backend.blocks.getTransactionReceipt(hash) as { status?: string } | null;
    if (receipt?.status !== '0x1') throw new Error(`burst tx ${hash}: receipt status ${receipt?.status ?? 'missing'}`);
  }
  bench.transactions += BURST;
  return elapsed;
}

/** What this process has written so far (Linux `/proc/self/io`), in bytes. */
interface WriteCounters {
  /**
   * Bytes passed to write calls (`wchar`): for this bench, the pages LMDB's commits write (it
   * rewrites every B-tree page a commit touches), which is what grows as the tables grow.
   */
  written: number;
  /**
   * Page cache the process dirtied (`write_bytes`). Not the disk's work on every kernel: where the
   * page cache holds a large file in large folios (Linux 6.18 with ext4 here), one 4 KiB write
   * counts its whole folio (up to 1 MiB) though only the written block reaches the disk.
   */
  dirtied: number;
}

/** The process's write counters, or undefined where `/proc/self/io` is missing. */
function writeCounters(): WriteCounters | undefined {
  try {
    const io = readFileSync('/proc/self/io', 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? Number.NaN);
    const counters = { written: field('wchar'), dirtied: field('write_bytes') };
    return Number.isNaN(counters.written) || Number.isNaN(counters.dirtied) ? undefined : counters;
  } catch {
    return undefined;
  }
}

/** Per burst between two readings of {@link writeCounters}. */
function perBurst(before: WriteCounters | undefined, after: WriteCounters | undefined, bursts: number): WriteCounters | undefined {
  if (!before || !after) return undefined;
  return { written: (after.written - before.written) / bursts, dirtied: (after.dirtied - before.dirtied) / bursts };
}

/** What one point measured: the timed bursts' milliseconds, the first warm-up's, and what a timed burst wrote. */
interface Point {
  samples: number[];
  cold: number;
  writtenPerBurst: WriteCounters | undefined;
}

/**
 * Warm-up then timed bursts at one point of the chain. With `profile`, a CPU profile of the timed
 * bursts is written there.
 */
async function measurePoint(bench: Bench, profile: string | undefined): Promise<Point> {
  let cold = 0;
  for (let r = 0; r < WARMUP_BURSTS; r++) {
    const elapsed = await burst(bench);
    if (r === 0) cold = elapsed;
  }
  const stopProfile = profile ? await startProfile(profile) : undefined;
  const writtenBefore = writeCounters();
  const samples: number[] = [];
  for (let r = 0; r < TIMED_BURSTS; r++) samples.push(await burst(bench));
  const writtenAfter = writeCounters();
  await stopProfile?.();
  return { samples, cold, writtenPerBurst: perBurst(writtenBefore, writtenAfter, TIMED_BURSTS) };
}

/** One block of history: up to SUB_BLOCKS_PER_BLOCK sub-blocks of new-recipient transfers, then the seal. */
async function historyBlock(bench: Bench, count: number): Promise<void> {
  const block = bench.chain.sequencer.openBlock.number;
  let left = count;
  for (let subBlock = 0; subBlock < SUB_BLOCKS_PER_BLOCK; subBlock++) {
    const size = Math.min(HISTORY_PER_SUB_BLOCK, left);
    const raws: Uint8Array[] = [];
    for (let i = 0; i < size; i++) {
      const sender = BURST_SENDERS + (bench.recipients % HISTORY_SENDERS);
      raws.push(signRawTransfer(bench.keys[sender]!, bench.nonces[sender]!++, newRecipient(bench.recipients++)));
    }
    await submitAll(bench, raws);
    left -= size;
    await tick(bench);
  }
  checkSealed(bench, block, count);
  bench.transactions += count;
}

/** Generates `count` history transactions, logging progress every PROGRESS_EVERY. */
async function generateHistory(bench: Bench, count: number, log: (line: string) => void): Promise<number> {
  const startedAt = now();
  const perBlock = HISTORY_PER_SUB_BLOCK * SUB_BLOCKS_PER_BLOCK;
  let done = 0;
  while (done < count) {
    const size = Math.min(perBlock, count - done);
    await historyBlock(bench, size);
    const before = Math.floor(done / PROGRESS_EVERY);
    done += size;
    if (Math.floor(done / PROGRESS_EVERY) > before || done === count) {
      const seconds = (now() - startedAt) / 1000;
      log(
        `flat-cost: history ${done.toLocaleString('en')} / ${count.toLocaleString('en')} (chain ${bench.transactions.toLocaleString('en')} txs), ` +
          `${seconds.toFixed(0)} s, ${(done / seconds).toFixed(0)} tx/s, RSS ${mib(process.memoryUsage().rss)} MiB`,
      );
    }
  }
  return (now() - startedAt) / 1000;
}

function mib(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(0);
}

/** Size on disk of a directory, in bytes (`du`, which counts the LMDB file's allocated blocks). */
function diskUsage(directory: string): number {
  const result = spawnSync('du', ['-sk', directory], { encoding: 'utf8' });
  return Number(result.stdout.split('\t')[0]) * 1024;
}

function summary({ samples, writtenPerBurst }: Point): { median: number; range: string; perTx: string; written: string } {
  const median = percentile(samples, 50);
  return {
    median,
    range: `${Math.min(...samples).toFixed(0)}–${Math.max(...samples).toFixed(0)}`,
    perTx: ((median * 1000) / BURST).toFixed(0),
    written:
      writtenPerBurst === undefined
        ? ''
        : `; per burst ${mib(writtenPerBurst.written)} MiB written (write calls), ${mib(writtenPerBurst.dirtied)} MiB of page cache dirtied`,
  };
}

/** Starts a V8 CPU profile of this thread; the returned function stops it and writes it to `file`. */
async function startProfile(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

export interface FlatCostOptions {
  /** A directory to write CPU profiles of the timed bursts to, `first.cpuprofile` and `after.cpuprofile` (none by default). */
  profileDir?: string;
  /** Progress lines (default: stderr). */
  log?: (line: string) => void;
}

/**
 * Measures the burst on a fresh chain, generates history until the chain holds `transactions`
 * transactions, measures the burst again; returns the three metrics.
 */
export async function measureFlatCost(transactions: number, options: FlatCostOptions = {}): Promise<Record<string, MetricResult>> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const { profileDir } = options;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const chain = await createTestChain(
    { ephemeral: false, accounts: BURST_SENDERS + HISTORY_SENDERS, preconfIntervalMs: PRECONF_INTERVAL_MS, blockTimeMs: BLOCK_TIME_MS },
    { start: false },
  );
  try {
    const bench: Bench = {
      chain,
      keys: chain.accounts.map((account) => hexToBytes(account.privateKey as Hex)),
      addresses: chain.accounts.map((account) => hexToBytes(account.address)),
      nonces: chain.accounts.map(() => 0),
      transactions: 0,
      recipients: 0,
    };
    // Start on a block boundary: seal the (empty) genesis-following block as the node would.
    for (let subBlock = 0; subBlock < SUB_BLOCKS_PER_BLOCK; subBlock++) await tick(bench);

    const first = await measurePoint(bench, profileDir && join(profileDir, 'first.cpuprofile'));
    const history = transactions - bench.transactions;
    if (history < 0) throw new Error(`--transactions ${transactions} is fewer than the first measurement's ${bench.transactions}`);
    log(
      `flat-cost: fresh chain: burst median ${percentile(first.samples, 50).toFixed(0)} ms; generating ${history.toLocaleString('en')} transactions of history…`,
    );
    const writtenBeforeHistory = writeCounters();
    const generateSeconds = await generateHistory(bench, history, log);
    const writtenByHistory = (writeCounters()?.written ?? Number.NaN) - (writtenBeforeHistory?.written ?? Number.NaN);
    const dataDirBytes = diskUsage(chain.config.dataDir);

    const after = await measurePoint(bench, profileDir && join(profileDir, 'after.cpuprofile'));

    const before = summary(first);
    const later = summary(after);
    const rss = process.memoryUsage().rss;
    const peakRss = process.resourceUsage().maxRSS * 1024;
    return {
      [FLAT_COST_FIRST.id]: {
        value: before.median,
        note: `${before.perTx} µs/tx; median of ${TIMED_BURSTS} after ${WARMUP_BURSTS} warm-up bursts, min–max ${before.range}; cold first burst ${first.cold.toFixed(0)}${before.written}`,
      },
      [FLAT_COST_AFTER.id]: {
        value: later.median,
        note:
          `${later.perTx} µs/tx; after ${transactions.toLocaleString('en')} txs (${history.toLocaleString('en')} generated in ${generateSeconds.toFixed(0)} s, each to a new account${Number.isNaN(writtenByHistory) ? '' : `, ${(writtenByHistory / 2 ** 30).toFixed(1)} GiB written`}), ` +
          `median of ${TIMED_BURSTS}, min–max ${later.range}${later.written}; data dir ${mib(dataDirBytes)} MiB, RSS ${mib(rss)} MiB (peak ${mib(peakRss)})`,
      },
      [FLAT_COST_RATIO.id]: { value: later.median / before.median, note: `${later.median.toFixed(0)} ÷ ${before.median.toFixed(0)} ms` },
    };
  } finally {
    await chain.close();
  }
}

function parseArgs(argv: readonly string[]): { transactions: number; profileDir?: string } {
  const options: { transactions: number; profileDir?: string } = { transactions: DEFAULT_TRANSACTIONS };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--transactions' && value !== undefined && /^\d+$/.test(value)) {
      options.transactions = Number(value);
      i++;
    } else if (arg === '--cpu-prof' && value !== undefined) {
      options.profileDir = value;
      i++;
    } else throw new Error(`usage: flat-cost.ts [--transactions N] [--cpu-prof DIR]   (bad argument: ${arg})`);
  }
  return options;
}

// Standalone: `node --import tsx bench/targets/flat-cost.ts [--transactions N] [--cpu-prof DIR]`.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { transactions, profileDir } = parseArgs(process.argv.slice(2));
  printStandalone(measureFlatCost(transactions, profileDir ? { profileDir } : {}), [FLAT_COST_FIRST, FLAT_COST_AFTER, FLAT_COST_RATIO]);
}
