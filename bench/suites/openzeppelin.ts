/**
 * `npm run bench -- --suite openzeppelin`: OpenZeppelin Contracts' own Hardhat 2 test suite
 * (openzeppelinProject.ts), unmodified, against `hardhat node`, Sequin and Anvil in the same run,
 * one node at a time on 127.0.0.1:8545 (suiteNodes.ts): pass counts and wall times, written to the
 * suite section of docs/benchmarks.md.
 *
 *   --suite-runs N   runs of hardhat node and Sequin, alternating (default 2): a shared machine's
 *                    load moves between runs, so the ratio is taken run by run
 *   --no-anvil       leave Anvil out (its run takes about ten minutes)
 *   --suite-tests P[,P…]  only these test files or folders of the project (e.g. test/token/ERC20):
 *                    a quicker pair for comparing builds; printed, docs/benchmarks.md left unchanged
 *   --suite-requests time every request through a proxy on the suite's port (requestTimer.ts),
 *                    the node behind it on 8546, and print per method count, p50 and total by node
 *
 * Skipped, with how to provide it, when no OpenZeppelin Contracts repository is at hand.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { OZ_TAG, ozRepository, prepareOpenZeppelin, SUITE_FORK } from './openzeppelinProject.js';
import { type RequestTimes, requestTimesTable, startRequestTimer } from './requestTimer.js';
import { runHardhatSuite, type SuiteRun } from './runHardhatSuite.js';
import { assertPortFree, SUITE_PORT, type SuiteNodeKey, startSuiteNode, TIMED_NODE_PORT } from './suiteNodes.js';
import { suiteReport, writeSuiteSection } from './suiteReport.js';

/** Generous: on a shared 2-core machine under load, hardhat node took 850 s and Sequin more than the 1,800 s first allowed. */
const SUITE_TIMEOUT_MS = 7_200_000;

export interface SuiteOptions {
  runs: number;
  anvil: boolean;
  /** Test files or folders inside the project; all of the suite when empty. */
  tests: readonly string[];
  /** Time every request by method through a proxy (requestTimer.ts). */
  timeRequests: boolean;
}

/** One row of the report: a node, the run's counts and times. */
export interface SuiteResult {
  node: string;
  command: string;
  run: SuiteRun;
  /** Per method, with --suite-requests. */
  requests?: RequestTimes;
}

export async function benchOpenZeppelinSuite(options: SuiteOptions): Promise<void> {
  const repository = ozRepository();
  if (repository === undefined) {
    console.error(
      `suite: skipped: set SEQUIN_BENCH_OZ_REPO to a git clone of OpenZeppelin Contracts holding tag ${OZ_TAG} (git clone https://github.com/OpenZeppelin/openzeppelin-contracts)`,
    );
    return;
  }
  const project = prepareOpenZeppelin(repository);
  const testFiles = options.tests.flatMap((entry) => testFilesAt(project.dir, entry));
  if (options.tests.length > 0) console.error(`suite: ${testFiles.length} test files from ${options.tests.join(', ')}`);
  const order: SuiteNodeKey[] = [];
  for (let run = 0; run < options.runs; run++) order.push('hardhat', 'sequin');
  if (options.anvil) order.push('anvil');
  const results: SuiteResult[] = [];
  for (const [index, key] of order.entries()) {
    console.error(`suite: ${key} (${index + 1}/${order.length})…`);
    if (options.timeRequests) await assertPortFree(SUITE_PORT);
    const node = await startSuiteNode(key, project.dir, project.env, SUITE_FORK, options.timeRequests ? TIMED_NODE_PORT : SUITE_PORT);
    const timer = options.timeRequests ? await startRequestTimer(SUITE_PORT, `http://127.0.0.1:${TIMED_NODE_PORT}`) : undefined;
    try {
      const run = await runHardhatSuite(project.dir, project.env, `${key}-${index + 1}`, SUITE_TIMEOUT_MS, testFiles);
      console.error(
        `suite: ${key}: ${run.passing} passing, ${run.failing} failing, ${run.pending} pending in ${run.wallSeconds.toFixed(1)} s (log: ${run.log})`,
      );
      results.push({ node: node.name, command: node.command, run, ...(timer ? { requests: timer.times } : {}) });
    } finally {
      await timer?.close();
      await node.stop();
    }
  }
  const scope = options.tests.length > 0 ? ` (${options.tests.join(', ')}: ${testFiles.length} files)` : '';
  const section = suiteReport(`OpenZeppelin Contracts ${OZ_TAG}${scope}`, SUITE_FORK, results);
  console.log(section);
  if (options.timeRequests) {
    console.log('\nRequests by method (through the request timer; the last run of each node):\n');
    const lastRuns = [...new Map(results.filter((result) => result.requests).map((result) => [result.node, result.requests!])).entries()];
    console.log(requestTimesTable(lastRuns.map(([node, times]) => ({ node, times }))));
  }
  if (options.tests.length > 0 || options.timeRequests) {
    console.error('suite: part of the suite or timed requests: docs/benchmarks.md left unchanged');
    return;
  }
  writeSuiteSection(section);
  console.error('suite: wrote the suite section of docs/benchmarks.md');
}

/** The test files `entry` names inside the project: itself, or every `*.test.js` below a folder. */
function testFilesAt(projectDir: string, entry: string): string[] {
  const at = path.resolve(projectDir, entry);
  if (path.relative(projectDir, at).startsWith('..')) throw new Error(`--suite-tests: ${entry} is outside the project`);
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(at);
  } catch {
    throw new Error(`--suite-tests: no ${entry} in ${projectDir}`);
  }
  if (!stats.isDirectory()) return [path.relative(projectDir, at)];
  const files = readdirSync(at, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.js'))
    .map((name) => path.relative(projectDir, path.join(at, name)))
    .sort();
  if (files.length === 0) throw new Error(`--suite-tests: no *.test.js under ${entry}`);
  return files;
}
