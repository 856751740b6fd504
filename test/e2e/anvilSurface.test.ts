/**
 * Every evm_*, anvil_* and hardhat_* method Anvil 1.7.1 serves (test/fixtures/anvil/methods.json,
 * generated from Anvil's source by scripts/anvil-methods.ts) is either served here or listed with
 * the reason it is not (test/fixtures/anvil/notServed.json, and the table in docs/guides/dev-methods.md). Each one the
 * node's registry serves is called once, with valid parameters, against the real node process,
 * and must be answered: neither -32601 (no such method) nor -32602 (parameters refused).
 *
 * The calls run in the order of CALLS on one node: those that change how the node mines or
 * rewind it come last. A method served later (another branch) needs only its row here.
 */
import { readFileSync } from 'node:fs';
import { encodeDeployData, getAddress, type Hex, keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_METHODS } from '../../src/rpc/allMethods.js';
import { testTokenArtifact } from '../../src/testing/contracts/artifacts.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollReceipt, rpc, rpcResult } from './helpers.js';

const ANVIL_METHODS: string[] = JSON.parse(readFileSync(new URL('../fixtures/anvil/methods.json', import.meta.url), 'utf8')).methods;
const NOT_SERVED: Record<string, { reason: string; until?: string }> = JSON.parse(
  readFileSync(new URL('../fixtures/anvil/notServed.json', import.meta.url), 'utf8'),
).methods;
const DEV_METHODS_PAGE = readFileSync(new URL('../../docs/guides/dev-methods.md', import.meta.url), 'utf8');
const SERVED = new Set(ALL_METHODS.map((method) => method.name));

const ADDRESS = getAddress('0x00000000000000000000000000000000000a5e01');
const OTHER = getAddress('0x00000000000000000000000000000000000a5e02');
const SOME_HASH = keccak256(toHex('no such transaction'));
const WORD = `0x${'00'.repeat(31)}07`;

/** What some calls need: a deployed ERC-20, the node's head timestamp. */
interface Context {
  url: string;
  token: Hex;
  headTimestamp: () => Promise<bigint>;
}

/** Valid parameters of each method, in the order the calls run (mode changes and rewinds last). */
const CALLS: Record<string, (context: Context) => unknown[] | Promise<unknown[]>> = {
  // Node info.
  anvil_nodeInfo: () => [],
  anvil_metadata: () => [],
  hardhat_metadata: () => [],
  anvil_getGenesisTime: () => [],
  anvil_getBlobByHash: () => [SOME_HASH],
  anvil_getBlobsByTransactionHash: () => [SOME_HASH],
  anvil_setLoggingEnabled: () => [true],
  hardhat_setLoggingEnabled: () => [false],
  // State edits.
  anvil_setBalance: () => [ADDRESS, '0xde0b6b3a7640000'],
  hardhat_setBalance: () => [OTHER, '0xde0b6b3a7640000'],
  anvil_addBalance: () => [ADDRESS, '0x1'],
  hardhat_addBalance: () => [ADDRESS, '0x1'],
  anvil_setCode: () => [ADDRESS, '0x6001'],
  hardhat_setCode: () => [ADDRESS, '0x6002'],
  anvil_setNonce: () => [ADDRESS, '0x1'],
  hardhat_setNonce: () => [ADDRESS, '0x2'],
  evm_setAccountNonce: () => [ADDRESS, '0x3'],
  anvil_setStorageAt: () => [ADDRESS, '0x0', WORD],
  hardhat_setStorageAt: () => [ADDRESS, '0x1', WORD],
  anvil_dealERC20: ({ token }) => [ADDRESS, token, '0x64'],
  hardhat_dealERC20: ({ token }) => [ADDRESS, token, '0x65'],
  anvil_setERC20Balance: ({ token }) => [ADDRESS, token, '0x66'],
  anvil_setERC20Allowance: ({ token }) => [ADDRESS, OTHER, token, '0x67'],
  // Impersonation.
  anvil_impersonateAccount: () => [ADDRESS],
  hardhat_impersonateAccount: () => [OTHER],
  anvil_stopImpersonatingAccount: () => [ADDRESS],
  hardhat_stopImpersonatingAccount: () => [OTHER],
  anvil_autoImpersonateAccount: () => [true],
  hardhat_autoImpersonateAccount: () => [false],
  // The pool.
  anvil_dropTransaction: () => [SOME_HASH],
  hardhat_dropTransaction: () => [SOME_HASH],
  anvil_removePoolTransactions: () => [ADDRESS],
  anvil_dropAllTransactions: () => [],
  hardhat_dropAllTransactions: () => [],
  // Dumps.
  anvil_dumpState: () => [],
  hardhat_dumpState: () => [],
  anvil_loadState: async ({ url }) => [await rpcResult(url, 'anvil_dumpState')],
  hardhat_loadState: async ({ url }) => [await rpcResult(url, 'hardhat_dumpState')],
  // Mining, time and block parameters.
  anvil_getAutomine: () => [],
  hardhat_getAutomine: () => [],
  anvil_getIntervalMining: () => [],
  evm_mine: () => [],
  anvil_mine: () => ['0x1'],
  hardhat_mine: () => ['0x1'],
  anvil_mine_detailed: () => [],
  evm_mine_detailed: () => [],
  evm_increaseTime: () => ['0x1'],
  anvil_increaseTime: () => ['0x1'],
  evm_setNextBlockTimestamp: async ({ headTimestamp }) => [toHex((await headTimestamp()) + 100n)],
  anvil_setNextBlockTimestamp: async ({ headTimestamp }) => [toHex((await headTimestamp()) + 200n)],
  evm_setTime: async ({ headTimestamp }) => [toHex((await headTimestamp()) + 300n)],
  anvil_setTime: async ({ headTimestamp }) => [toHex((await headTimestamp()) + 400n)],
  anvil_setBlockTimestampInterval: () => [1],
  anvil_removeBlockTimestampInterval: () => [],
  evm_setBlockGasLimit: () => ['0x1c9c380'],
  anvil_setBlockGasLimit: () => ['0x1c9c380'],
  anvil_setCoinbase: () => [OTHER],
  hardhat_setCoinbase: () => [ADDRESS],
  anvil_setMinGasPrice: () => ['0x1'],
  hardhat_setMinGasPrice: () => ['0x1'],
  anvil_setNextBlockBaseFeePerGas: () => ['0x3b9aca00'],
  hardhat_setNextBlockBaseFeePerGas: () => ['0x3b9aca00'],
  // A no-op on a node that is not a fork, as on Anvil.
  anvil_setRpcUrl: () => ['http://127.0.0.1:1'],
  evm_snapshot: () => [],
  anvil_snapshot: () => [],
  evm_revert: async ({ url }) => [await rpcResult(url, 'evm_snapshot')],
  anvil_revert: async ({ url }) => [await rpcResult(url, 'anvil_snapshot')],
  anvil_setAutomine: () => [true],
  evm_setAutomine: () => [true],
  anvil_setIntervalMining: () => [1],
  evm_setIntervalMining: () => [1],
  anvil_rollback: () => [1],
  anvil_reset: () => [],
  hardhat_reset: () => [],
};

/** Anvil answers these with -32602 on a chain with EIP-1559 (every Sequin chain): "not supported when EIP-1559 is active". */
const REFUSED_BY_DESIGN = new Set(['anvil_setMinGasPrice', 'hardhat_setMinGasPrice']);

let node: NodeProcess;
let context: Context;
beforeAll(async () => {
  node = await startNodeProcess();
  const data = encodeDeployData({ abi: testTokenArtifact.abi, bytecode: testTokenArtifact.bytecode, args: [1000n] });
  const deployment = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [{ from: DEV_ACCOUNTS[9]!.address, data, gas: '0x1e8480' }]);
  const token = (await pollReceipt(node.url, deployment)).contractAddress as Hex;
  const headTimestamp = async () => BigInt((await rpcResult<{ timestamp: Hex }>(node.url, 'eth_getBlockByNumber', ['latest', false])).timestamp);
  context = { url: node.url, token, headTimestamp };
});
afterAll(cleanupNodeProcesses);

describe("Anvil's dev methods", () => {
  it('are each served, or listed as not served with a reason (in the fixture and in the dev methods guide)', () => {
    const unaccounted = ANVIL_METHODS.filter((method) => !SERVED.has(method) && !NOT_SERVED[method]);
    expect(unaccounted, 'served by neither: serve them, or add them to test/fixtures/anvil/notServed.json').toEqual([]);
    const stale = Object.entries(NOT_SERVED)
      .filter(([method, entry]) => SERVED.has(method) && entry.until === undefined)
      .map(([method]) => method);
    expect(stale, 'served, yet listed as not served').toEqual([]);
    const unknown = Object.keys(NOT_SERVED).filter((method) => !ANVIL_METHODS.includes(method));
    expect(unknown, 'listed as not served, but not an Anvil method').toEqual([]);
    const undocumented = Object.entries(NOT_SERVED)
      .filter(([method, entry]) => entry.until === undefined && !DEV_METHODS_PAGE.includes(`| \`${method}\` | ${entry.reason} |`))
      .map(([method]) => method);
    expect(undocumented, 'missing from the table of methods not served in docs/guides/dev-methods.md').toEqual([]);
  });

  it('that are served each answer one call with valid parameters', { timeout: 120_000 }, async () => {
    const served = ANVIL_METHODS.filter((method) => SERVED.has(method));
    expect(
      served.filter((method) => !CALLS[method]),
      'served without a row in CALLS',
    ).toEqual([]);
    const refused: string[] = [];
    for (const method of Object.keys(CALLS).filter((name) => SERVED.has(name))) {
      const response = await rpc(node.url, method, await CALLS[method]!(context));
      const code = response.error?.code;
      if (code === -32601 || (code === -32602 && !REFUSED_BY_DESIGN.has(method))) refused.push(`${method}: ${code} ${response.error!.message}`);
    }
    expect(refused).toEqual([]);
  });
});
