/**
 * `npm run bench -- --suite openzeppelin`: OpenZeppelin Contracts' own Hardhat 2 test suite
 * (openzeppelinProject.ts), unmodified, against `hardhat node`, Sequin and Anvil in the same run,
 * one node at a time on 127.0.0.1:8545 (suiteNodes.ts): pass counts and wall times, written to the
 * suite section of docs/benchmarks.md.
 *
 *   --suite-runs N   runs of hardhat node and Sequin, alternating (default 2): a shared machine's
 *                    load moves between runs, so the ratio is taken run by run
 *   --no-anvil       leave Anvil out (its run takes about ten minutes)
 *
 * Skipped, with how to provide it, when no OpenZeppelin Contracts repository is at hand.
 */
import { OZ_TAG, ozRepository, prepareOpenZeppelin, SUITE_FORK } from './openzeppelinProject.js';
import { runHardhatSuite, type SuiteRun } from './runHardhatSuite.js';
import { type SuiteNodeKey, startSuiteNode } from './suiteNodes.js';
import { suiteReport, writeSuiteSection } from './suiteReport.js';

/** Generous: on a shared 2-core machine under load, hardhat node took 850 s and Sequin more than the 1,800 s first allowed. */
const SUITE_TIMEOUT_MS = 7_200_000;

export interface SuiteOptions {
  runs: number;
  anvil: boolean;
}

/** One row of the report: a node, the run's counts and times. */
export interface SuiteResult {
  node: string;
  command: string;
  run: SuiteRun;
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
  const order: SuiteNodeKey[] = [];
  for (let run = 0; run < options.runs; run++) order.push('hardhat', 'sequin');
  if (options.anvil) order.push('anvil');
  const results: SuiteResult[] = [];
  for (const [index, key] of order.entries()) {
    console.error(`suite: ${key} (${index + 1}/${order.length})…`);
    const node = await startSuiteNode(key, project.dir, project.env, SUITE_FORK);
    try {
      const run = await runHardhatSuite(project.dir, project.env, `${key}-${index + 1}`, SUITE_TIMEOUT_MS);
      console.error(
        `suite: ${key}: ${run.passing} passing, ${run.failing} failing, ${run.pending} pending in ${run.wallSeconds.toFixed(1)} s (log: ${run.log})`,
      );
      results.push({ node: node.name, command: node.command, run });
    } finally {
      await node.stop();
    }
  }
  const section = suiteReport(`OpenZeppelin Contracts ${OZ_TAG}`, SUITE_FORK, results);
  console.log(section);
  writeSuiteSection(section);
  console.error('suite: wrote the suite section of docs/benchmarks.md');
}
