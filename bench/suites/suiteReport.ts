/**
 * The report of a suite run: a table of every run (node, passing, failing, pending, wall time, time
 * inside the tests), Sequin's wall time against `hardhat node`'s run by run, and the commands; written
 * between its own markers in docs/benchmarks.md, apart from the RPC workloads' section.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../src/testing/tools/toolPaths.js';
import type { SuiteResult } from './openzeppelin.js';

const DOC_PATH = path.join(REPO_ROOT, 'docs', 'benchmarks.md');
const START = '<!-- bench:suite:start -->';
const END = '<!-- bench:suite:end -->';

/** The markdown section for `suite`'s runs under `fork`, in the order they ran. */
export function suiteReport(suite: string, fork: string, results: readonly SuiteResult[]): string {
  const rows = results.map(({ node, run }) => [node, run.passing, run.failing, run.pending, run.wallSeconds.toFixed(1), run.testTime ?? '—'].join(' | '));
  const ratios: string[] = [];
  for (let index = 0; index + 1 < results.length; index++) {
    const [hardhat, sequin] = [results[index]!, results[index + 1]!];
    if (hardhat.node === 'hardhat node' && sequin.node === 'Sequin') ratios.push((sequin.run.wallSeconds / hardhat.run.wallSeconds).toFixed(2));
  }
  const commands = [...new Map(results.map(({ node, command }) => [node, command])).entries()].map(([node, command]) => `- ${node}: \`${command}\``);
  return [
    `## Hardhat test suite: ${suite}`,
    '',
    `- Date: ${new Date().toISOString()}; ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores; Node ${process.version}`,
    `- The suite, unmodified: \`EVM=${fork} hardhat test --network localhost --no-compile\`, one node at a time on 127.0.0.1:8545, in the order below, every node under ${fork}'s rules (bench/suites/openzeppelinProject.ts says why not Osaka).`,
    ...commands,
    '',
    "| node | passing | failing | pending | wall time (s) | inside the tests (mocha's rounding) |",
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((row) => `| ${row} |`),
    '',
    ratios.length > 0 ? `Sequin's wall time ÷ hardhat node's, each pair run back to back: ${ratios.join(', ')}.` : '',
  ].join('\n');
}

/** Writes `section` between the suite markers of docs/benchmarks.md (appended the first time). */
export function writeSuiteSection(section: string): void {
  const block = `${START}\n${section.trim()}\n${END}`;
  const old = existsSync(DOC_PATH) ? readFileSync(DOC_PATH, 'utf8') : '# Benchmarks\n';
  const from = old.indexOf(START);
  const to = old.indexOf(END);
  writeFileSync(DOC_PATH, from >= 0 && to > from ? old.slice(0, from) + block + old.slice(to + END.length) : `${old.trimEnd()}\n\n${block}\n`);
}
