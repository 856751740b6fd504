/**
 * `npm run conformance`: starts a Sequin node (the dist build), replays every vendored execution-apis
 * test against it the way hive's `rpc-compat` does, and prints the score per method. A measure of
 * progress, not a gate: it exits 0 whatever the score (non-zero only when it cannot run at all).
 *
 *   npm run conformance                          # all tests against a fresh ephemeral node
 *   npm run conformance -- --filter eth_getBlock # only tests whose name matches the regex
 *   npm run conformance -- --verbose             # every difference of every failed test
 *   npm run conformance -- --url http://host:8545  # score a node that is already running (any client)
 *   npm run conformance -- --json scores.json    # also write the outcomes as JSON
 *   npm run conformance -- --node-arg=--block-time --node-arg=10000   # extra flags for the started node
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startImportedChainNode } from '../../src/testing/startImportedChainNode.js';
import { cleanupNodeProcesses } from '../../src/testing/startNodeProcess.js';
import { formatScoreboard } from './formatScoreboard.js';
import { EXECUTION_APIS_TESTS_DIR } from './loadRecordedTests.js';
import { replayRecordedTests } from './replayRecordedTests.js';

const HELP = `usage: npm run conformance -- [--url URL] [--filter REGEX] [--verbose] [--json FILE] [--node-arg FLAG]...`;

/**
 * The flags the scored node starts with besides its data directory. hive hands a client `genesis.json` and
 * `chain.rlp` and expects the chain imported before RPC comes up, with nothing mined while the tests run:
 * the scoreboard runs `sequin import` into a fresh data directory, then `sequin --mining manual` on it
 * (startImportedChainNode).
 */
function conformanceNodeArgs(): string[] {
  return ['--mining', 'manual'];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      filter: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      json: { type: 'string' },
      'node-arg': { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const filter = values.filter === undefined ? undefined : new RegExp(values.filter);
  let url = values.url;
  let description = `node at ${url}`;
  if (url === undefined) {
    const args = [...conformanceNodeArgs(), ...values['node-arg']];
    const node = await startImportedChainNode({
      genesis: join(EXECUTION_APIS_TESTS_DIR, 'genesis.json'),
      chain: join(EXECUTION_APIS_TESTS_DIR, 'chain.rlp'),
      args,
      logLevel: 'error',
    });
    url = node.url;
    description = `sequin ${args.join(' ')} (chain.rlp imported) at ${url}`;
  }
  process.stdout.write(`Replaying the execution-apis tests against ${description}\n`);
  const startedAt = performance.now();
  const outcomes = await replayRecordedTests(url, {
    filter,
    onOutcome: (outcome) => process.stdout.write(outcome.status === 'failed' ? 'F' : '.'),
  });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  process.stdout.write(`\n${outcomes.length} tests in ${seconds} s\n\n`);
  process.stdout.write(`${formatScoreboard(outcomes, { failureLines: values.verbose ? Number.POSITIVE_INFINITY : 2 })}\n`);
  if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(outcomes, null, 2)}\n`);
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`conformance: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanupNodeProcesses());
