/**
 * The real tools users run, installed from npm, against the real node process: Foundry's `cast`
 * and `forge` (with the solc-js wrapper, offline) and Hardhat 3 with viem, against Sequin in its
 * default interval mode; and the fixture's 7-transaction `forge script` and salted CREATE2 deploy
 * against Anvil, which shows the fixture itself is right. src/testing/tools/toolPaths.ts says
 * where each tool comes from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getContractAddress, type Hex, isAddress, keccak256, toBytes } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { copyFoundryProject, copyHardhatProject, type FixtureProject, removeFixtureCopies } from '../../src/testing/tools/copyFixtureProject.js';
import { ensureHardhatInstalled } from '../../src/testing/tools/hardhatInstallation.js';
import { runCast, runForge } from '../../src/testing/tools/runFoundry.js';
import { runHardhatScript } from '../../src/testing/tools/runHardhat.js';
import { describeToolResult, type ToolResult } from '../../src/testing/tools/runTool.js';
import { cleanupAnvilProcesses, startAnvil } from '../../src/testing/tools/startAnvil.js';
import { DEV_ACCOUNTS, DEV_KEYS, rpcResult } from './helpers.js';

/** Tool runs take seconds (forge compiles with WebAssembly solc, Hardhat starts Node 22); more on a loaded 2-core machine. */
const TOOLS = { timeout: 90_000 };

/** A tool run that must have succeeded; its stdout. */
function succeeded(result: ToolResult): string {
  expect(result.exitCode, describeToolResult(result)).toBe(0);
  return result.stdout;
}

async function headNumber(url: string): Promise<bigint> {
  return BigInt(await rpcResult<Hex>(url, 'eth_blockNumber'));
}

/** The deterministic deployment proxy forge sends salted deployments through (Anvil has it at genesis). */
const CREATE2_DEPLOYER = '0x4e59b44847b379578588920cA78FbF26c0B4956C';

/** The Counter artifact `forge build` wrote into the project copy. */
function counterArtifact(): { bytecode: { object: Hex }; deployedBytecode: { object: Hex } } {
  return JSON.parse(readFileSync(join(foundry.dir, 'out', 'Counter.sol', 'Counter.json'), 'utf8'));
}

let sequin: NodeProcess;
let anvilUrl: string;
let foundry: FixtureProject;

beforeAll(async () => {
  const [node, anvil] = await Promise.all([startNodeProcess(), startAnvil()]);
  sequin = node;
  anvilUrl = anvil.url;
  foundry = copyFoundryProject();
});
afterAll(async () => {
  await Promise.all([cleanupNodeProcesses(), cleanupAnvilProcesses()]);
  removeFixtureCopies();
});

describe('cast against Sequin', TOOLS, () => {
  it('reads the chain id, the head block number and a balance', async () => {
    expect(succeeded(await runCast(['chain-id', '--rpc-url', sequin.url])).trim()).toBe('31337');

    const before = await headNumber(sequin.url);
    const blockNumber = BigInt(succeeded(await runCast(['block-number', '--rpc-url', sequin.url])).trim());
    expect(blockNumber).toBeGreaterThanOrEqual(before);
    expect(blockNumber).toBeLessThanOrEqual(await headNumber(sequin.url));

    // Dev account 9 is not spent from in this file: still its genesis 10,000 ETH.
    const balance = succeeded(await runCast(['balance', DEV_ACCOUNTS[9]!.address, '--rpc-url', sequin.url])).trim();
    expect(balance).toBe((10_000n * 10n ** 18n).toString());
  });

  it('sends 1 wei with --private-key, waits for the receipt, and cast receipt finds it', async () => {
    const recipient = privateKeyToAddress(generatePrivateKey());
    const sent = JSON.parse(succeeded(await runCast(['send', '--private-key', DEV_KEYS[1], recipient, '--value', '1', '--json', '--rpc-url', sequin.url])));
    expect(sent.status).toBe('0x1');
    expect(sent.to.toLowerCase()).toBe(recipient.toLowerCase());

    const receipt = JSON.parse(succeeded(await runCast(['receipt', sent.transactionHash, '--json', '--rpc-url', sequin.url])));
    expect(receipt.transactionHash).toBe(sent.transactionHash);
    expect(receipt.status).toBe('0x1');
    expect(receipt.from.toLowerCase()).toBe(DEV_ACCOUNTS[1]!.address.toLowerCase());
    expect(succeeded(await runCast(['balance', recipient, '--block', 'pending', '--rpc-url', sequin.url])).trim()).toBe('1');
  });
});

describe('forge against Sequin', TOOLS, () => {
  it('forge build compiles the fixture offline with the solc-js wrapper', async () => {
    expect(succeeded(await runForge(['build'], { cwd: foundry.dir }))).toContain('Compiler run successful');
    expect(counterArtifact().deployedBytecode.object).toMatch(/^0x[0-9a-f]{200,}$/);
  });

  it('forge create --broadcast deploys Counter; its code and number() are there', async () => {
    const args = ['create', 'src/Counter.sol:Counter', '--broadcast', '--private-key', DEV_KEYS[2], '--rpc-url', sequin.url];
    const output = succeeded(await runForge(args, { cwd: foundry.dir }));
    const deployedTo = /Deployed to: (0x[0-9a-fA-F]{40})/.exec(output)?.[1];
    expect(deployedTo !== undefined && isAddress(deployedTo), output).toBe(true);
    // At 'pending': pre-confirmed, the deployment may not be sealed into 'latest' yet.
    const code = succeeded(await runCast(['code', deployedTo!, '--block', 'pending', '--rpc-url', sequin.url])).trim();
    expect(code).toBe(counterArtifact().deployedBytecode.object);
    expect(succeeded(await runCast(['call', deployedTo!, 'number()(uint256)', '--block', 'pending', '--rpc-url', sequin.url])).trim()).toBe('0');
  });
});

describe.each([
  { name: 'Sequin', key: DEV_KEYS[3], url: () => sequin.url },
  { name: 'Anvil', key: DEV_KEYS[0], url: () => anvilUrl },
])('forge script broadcasting 7 transactions against $name', TOOLS, ({ key, url }) => {
  it('deploys Counter and calls it 6 times; every transaction succeeds and number() is 47', async () => {
    const args = ['script', 'script/Counter.s.sol:CounterScript', '--broadcast', '--private-key', key, '--rpc-url', url()];
    expect(succeeded(await runForge(args, { cwd: foundry.dir }))).toContain('ONCHAIN EXECUTION COMPLETE & SUCCESSFUL');
    const log = JSON.parse(readFileSync(join(foundry.dir, 'broadcast', 'Counter.s.sol', '31337', 'run-latest.json'), 'utf8'));
    expect(log.transactions).toHaveLength(7);
    expect(log.receipts.map((receipt: { status: string }) => receipt.status)).toEqual(Array(7).fill('0x1'));
    const counter = log.transactions[0].contractAddress as string;
    expect(succeeded(await runCast(['call', counter, 'number()(uint256)', '--block', 'pending', '--rpc-url', url()])).trim()).toBe('47');
  });
});

describe('forge script deploying through the CREATE2 deployer against Anvil', TOOLS, () => {
  it('puts Counter at the address given by the deployer, the salt and the init code alone', async () => {
    const args = ['script', 'script/Create2Deploy.s.sol:Create2DeployScript', '--broadcast', '--private-key', DEV_KEYS[1], '--rpc-url', anvilUrl];
    const output = succeeded(await runForge(args, { cwd: foundry.dir }));
    expect(output).toContain('ONCHAIN EXECUTION COMPLETE & SUCCESSFUL');
    const expected = getContractAddress({
      opcode: 'CREATE2',
      from: CREATE2_DEPLOYER,
      salt: keccak256(toBytes('sequin fixture')),
      bytecode: counterArtifact().bytecode.object,
    });
    expect(/counter: contract Counter (0x[0-9a-fA-F]{40})/.exec(output)?.[1]).toBe(expected);
    expect(succeeded(await runCast(['call', expected, 'number()(uint256)', '--rpc-url', anvilUrl])).trim()).toBe('7');
  });
});

describe('Hardhat 3 against Sequin', TOOLS, () => {
  let hardhat: FixtureProject;
  beforeAll(async () => {
    await ensureHardhatInstalled(); // the first run on a machine installs it (about a minute here)
    hardhat = copyHardhatProject();
  }, 300_000);

  it('a viem script run with `hardhat run --network sequin` reads the chain id and the head block number', async () => {
    const before = await headNumber(sequin.url);
    const output = succeeded(await runHardhatScript(hardhat.dir, 'scripts/chainInfo.ts', { rpcUrl: sequin.url, privateKey: DEV_KEYS[4] }));
    const { chainId, blockNumber } = JSON.parse(output.trim().split('\n').at(-1)!) as { chainId: number; blockNumber: string };
    expect(chainId).toBe(31337);
    expect(BigInt(blockNumber)).toBeGreaterThanOrEqual(before);
    expect(BigInt(blockNumber)).toBeLessThanOrEqual(await headNumber(sequin.url));
  });
});
