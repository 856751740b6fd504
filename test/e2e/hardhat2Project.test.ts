/**
 * A Hardhat 2 project, as users of Hardhat 2 write them (test/fixtures/hardhat2: hardhat-ethers,
 * hardhat-chai-matchers, hardhat-network-helpers; fixtures with loadFixture, time.increase, mine,
 * impersonateAccount, setBalance, revertedWith / revertedWithCustomError / revertedWithPanic on sent
 * transactions, changeEtherBalance(s), a contract over 24 KiB and a P256 verification), run with
 * `hardhat test --network localhost` unmodified:
 *
 *   against Sequin         `sequin --mining instant --disable-code-size-limit` (no other flag)
 *   against hardhat node   Hardhat 2's own node, in the project: the project is right, not just Sequin
 *
 * Both must pass every test. Hardhat 2 is installed into test/tools/hardhat2 on first use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { copyHardhat2Project, type FixtureProject, removeFixtureCopies } from '../../src/testing/tools/copyFixtureProject.js';
import { ensureHardhat2Installed } from '../../src/testing/tools/hardhatInstallation.js';
import { runHardhat2 } from '../../src/testing/tools/runHardhat.js';
import { describeToolResult, type ToolResult } from '../../src/testing/tools/runTool.js';
import { cleanupHardhatNodes, startHardhat2Node } from '../../src/testing/tools/startHardhatNode.js';

/** The tests the project holds (its test/*.test.js). */
const PROJECT_TESTS = 15;

let project: FixtureProject;

beforeAll(async () => {
  await ensureHardhat2Installed(); // the first run on a machine installs it (about a minute here)
  project = copyHardhat2Project();
  const compiled = await runHardhat2(project.dir, ['compile'], { timeoutMs: 180_000 });
  expect(compiled.exitCode, describeToolResult(compiled)).toBe(0);
}, 400_000);

afterAll(async () => {
  await Promise.all([cleanupNodeProcesses(), cleanupHardhatNodes()]);
  removeFixtureCopies();
});

/** `hardhat test --network localhost` against the node at `url`. */
function testAgainst(url: string): Promise<ToolResult> {
  return runHardhat2(project.dir, ['test', '--network', 'localhost', '--no-compile'], { env: { HARDHAT2_RPC_URL: url }, timeoutMs: 240_000 });
}

/** Mocha's counts from its summary. */
function counts(result: ToolResult): { passing: number; failing: number } {
  const number = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(result.stdout)?.[1] ?? 0);
  return { passing: number('passing'), failing: number('failing') };
}

describe('a Hardhat 2 project (hardhat-ethers, hardhat-chai-matchers, hardhat-network-helpers)', () => {
  it('passes every test against `sequin --mining instant --disable-code-size-limit`', async () => {
    const node = await startNodeProcess({ args: ['--mining', 'instant', '--disable-code-size-limit'] });
    const result = await testAgainst(node.url);
    expect({ exitCode: result.exitCode, ...counts(result) }, describeToolResult(result)).toEqual({ exitCode: 0, passing: PROJECT_TESTS, failing: 0 });
  }, 300_000);

  it('passes every test against Hardhat 2’s `hardhat node` too', async () => {
    const hardhat = await startHardhat2Node(project.dir);
    const result = await testAgainst(hardhat.url);
    expect({ exitCode: result.exitCode, ...counts(result) }, describeToolResult(result)).toEqual({ exitCode: 0, passing: PROJECT_TESTS, failing: 0 });
  }, 300_000);
});
