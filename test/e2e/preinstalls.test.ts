/**
 * The genesis preinstalls against the real process: each address has its exact runtime code and
 * nonce 1 from block 0, in the genesis state root (eth_getProof verifies the code hash); forge's
 * salted CREATE2 deploy goes through the deterministic deployment proxy; viem's multicall finds
 * Multicall3 through the chain the node describes. `--no-preinstalls` leaves them out, and a data
 * directory keeps the genesis it was created with.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPublicClient, fromRlp, getContractAddress, type Hex, hexToBigInt, hexToBytes, http, keccak256, parseAbi, toBytes, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preinstalls } from '../../src/config/preinstalls.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { copyFoundryProject, type FixtureProject, removeFixtureCopies } from '../../src/testing/tools/copyFixtureProject.js';
import { runCast, runForge } from '../../src/testing/tools/runFoundry.js';
import { describeToolResult } from '../../src/testing/tools/runTool.js';
import { verifyMerkleProof } from '../../src/testing/verifyMerkleProof.js';
import { fetchSequinChain } from '../../web/chain/index.js';
import { DEV_ACCOUNTS, DEV_KEYS, rpcResult } from './helpers.js';

const PREINSTALLS = preinstalls(31337n);
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';

let node: NodeProcess;
let foundry: FixtureProject;

beforeAll(async () => {
  node = await startNodeProcess();
  foundry = copyFoundryProject();
});
afterAll(async () => {
  await cleanupNodeProcesses();
  removeFixtureCopies();
});

describe('preinstalls in the genesis of a new chain', () => {
  it('each address has its runtime code and nonce 1, at block 0 and at latest', async () => {
    for (const { name, address, code } of PREINSTALLS) {
      for (const block of ['0x0', 'latest']) {
        expect(await rpcResult(node.url, 'eth_getCode', [address, block]), `${name} at ${block}`).toBe(toHex(code));
        expect(await rpcResult(node.url, 'eth_getTransactionCount', [address, block]), name).toBe('0x1');
      }
    }
  });

  it('the genesis state root holds them: eth_getProof at block 0 proves each account and its code hash', async () => {
    const genesis = await rpcResult<{ stateRoot: Hex }>(node.url, 'eth_getBlockByNumber', ['0x0', false]);
    for (const { name, address, code } of PREINSTALLS) {
      const proof = await rpcResult<{ accountProof: Hex[]; codeHash: Hex; nonce: Hex }>(node.url, 'eth_getProof', [address, [], '0x0']);
      const proven = verifyMerkleProof(
        hexToBytes(genesis.stateRoot),
        hexToBytes(address),
        proof.accountProof.map((node) => hexToBytes(node)),
      );
      expect(proven, name).toBeDefined();
      const [nonce, , , codeHash] = fromRlp(proven!, 'hex') as Hex[];
      expect([nonce, codeHash], name).toEqual(['0x01', keccak256(code)]);
      expect([proof.nonce, proof.codeHash], name).toEqual(['0x1', keccak256(code)]);
    }
  });

  it("viem's multicall uses the chain's contracts.multicall3 (from GET /chain/viem) with no address given", async () => {
    const chain = await fetchSequinChain(node.url);
    expect(chain.contracts?.multicall3).toEqual({ address: MULTICALL3, blockCreated: 0 });
    const client = createPublicClient({ chain, transport: http(node.url, { retryCount: 0 }) });
    const abi = parseAbi(['function getEthBalance(address) view returns (uint256)', 'function getChainId() view returns (uint256)']);
    const results = await client.multicall({
      contracts: [
        { address: MULTICALL3, abi, functionName: 'getChainId' },
        { address: MULTICALL3, abi, functionName: 'getEthBalance', args: [DEV_ACCOUNTS[9]!.address] },
      ],
      allowFailure: false,
    });
    expect(results).toEqual([31337n, await client.getBalance({ address: DEV_ACCOUNTS[9]!.address })]);
  });

  it("forge's salted deploy goes through the deterministic deployment proxy to the CREATE2 address", { timeout: 90_000 }, async () => {
    const args = ['script', 'script/Create2Deploy.s.sol:Create2DeployScript', '--broadcast', '--private-key', DEV_KEYS[2], '--rpc-url', node.url];
    const result = await runForge(args, { cwd: foundry.dir });
    expect(result.exitCode, describeToolResult(result)).toBe(0);
    expect(result.stdout).toContain('ONCHAIN EXECUTION COMPLETE & SUCCESSFUL');
    const artifact = JSON.parse(readFileSync(join(foundry.dir, 'out', 'Counter.sol', 'Counter.json'), 'utf8')) as { bytecode: { object: Hex } };
    const expected = getContractAddress({
      opcode: 'CREATE2',
      from: '0x4e59b44847b379578588920cA78FbF26c0B4956C',
      salt: keccak256(toBytes('sequin fixture')),
      bytecode: artifact.bytecode.object,
    });
    expect(/counter: contract Counter (0x[0-9a-fA-F]{40})/.exec(result.stdout)?.[1]).toBe(expected);
    const number = await runCast(['call', expected, 'number()(uint256)', '--block', 'pending', '--rpc-url', node.url]);
    expect(number.stdout.trim(), describeToolResult(number)).toBe('7');
  });
});

describe('--no-preinstalls', () => {
  it('leaves them out of a new chain, and a data directory keeps the genesis it was created with', async () => {
    const bare = await startNodeProcess({ storage: 'temp', args: ['--no-preinstalls'] });
    expect(await rpcResult(bare.url, 'eth_getCode', [MULTICALL3, 'latest'])).toBe('0x');
    expect((await fetchSequinChain(bare.url)).contracts).toBeUndefined();
    const genesisHash = (await rpcResult<{ hash: Hex }>(bare.url, 'eth_getBlockByNumber', ['0x0', false])).hash;
    await bare.stop();
    const restarted = await startNodeProcess({ storage: { dataDir: bare.dataDir! } });
    expect(await rpcResult(restarted.url, 'eth_getCode', [MULTICALL3, 'latest'])).toBe('0x');
    expect((await rpcResult<{ hash: Hex }>(restarted.url, 'eth_getBlockByNumber', ['0x0', false])).hash).toBe(genesisHash);
    // A chain with them has another genesis state root.
    const withThem = await rpcResult<{ stateRoot: Hex }>(node.url, 'eth_getBlockByNumber', ['0x0', false]);
    const without = await rpcResult<{ stateRoot: Hex }>(restarted.url, 'eth_getBlockByNumber', ['0x0', false]);
    expect(hexToBigInt(withThem.stateRoot)).not.toBe(hexToBigInt(without.stateRoot));
    await restarted.stop();
  });
});
