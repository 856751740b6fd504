/**
 * The table of docs/guides/tools.md, checked with the tools themselves against the
 * node in its default interval mode: what ethers and cast see before the seal, what fails, and the
 * settings that make back-to-back sends work.
 */
import { JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { runCast } from '../../src/testing/tools/runFoundry.js';
import { describeToolResult } from '../../src/testing/tools/runTool.js';
import { DEV_ACCOUNTS, DEV_KEYS, rpcResult, ZERO_HASH } from './helpers.js';

const RECIPIENT = '0x000000000000000000000000000000000000bEEF';

let node: NodeProcess;

beforeAll(async () => {
  // Seals far apart, so "before the seal" cannot pass by luck.
  node = await startNodeProcess({ args: ['--block-time', '10000'] });
});
afterAll(cleanupNodeProcesses);

describe('ethers v6', () => {
  it('with cacheTimeout: -1, sends back to back (pending nonces) and polls the pre-confirmed receipt', async () => {
    const provider = new JsonRpcProvider(node.url, 31337, { staticNetwork: true, cacheTimeout: -1 });
    const wallet = new Wallet(DEV_KEYS[5], provider);
    const first = await wallet.sendTransaction({ to: RECIPIENT, value: 1n });
    const second = await wallet.sendTransaction({ to: RECIPIENT, value: 1n });
    expect([first.nonce, second.nonce]).toEqual([0, 1]);
    let receipt = await provider.getTransactionReceipt(second.hash);
    while (!receipt) receipt = await provider.getTransactionReceipt(second.hash);
    expect(receipt.status).toBe(1);
    expect(receipt.blockHash).toBe(ZERO_HASH);
    expect(await provider.getBalance(RECIPIENT, 'pending')).toBeGreaterThan(await provider.getBalance(RECIPIENT, 'latest'));
    provider.destroy();
  });
});

describe('cast', () => {
  const send = (nonce?: string) =>
    runCast(['send', '--private-key', DEV_KEYS[7], '--rpc-url', node.url, RECIPIENT, '--value', '1', ...(nonce === undefined ? [] : ['--nonce', nonce])]);
  const pendingNonce = async () => {
    const result = await runCast(['nonce', DEV_ACCOUNTS[7]!.address, '--block', 'pending', '--rpc-url', node.url]);
    expect(result.exitCode, describeToolResult(result)).toBe(0);
    return result.stdout.trim();
  };

  it('reads the nonce at latest: a second send before the seal fails; with --nonce from --block pending it succeeds', { timeout: 60_000 }, async () => {
    const first = await send();
    expect(first.exitCode, describeToolResult(first)).toBe(0);
    const second = await send();
    expect(second.exitCode).not.toBe(0);
    expect(second.stderr).toContain('nonce too low: next nonce 1, tx nonce 0');
    expect(await pendingNonce()).toBe('1');
    const third = await send(await pendingNonce());
    expect(third.exitCode, describeToolResult(third)).toBe(0);
    const balance = await runCast(['balance', RECIPIENT, '--block', 'pending', '--rpc-url', node.url]);
    expect(BigInt(balance.stdout.trim())).toBe(BigInt(await rpcResult<string>(node.url, 'eth_getBalance', [RECIPIENT, 'pending'])));
    expect(BigInt(await rpcResult<string>(node.url, 'eth_blockNumber'))).toBe(0n);
  });
});
