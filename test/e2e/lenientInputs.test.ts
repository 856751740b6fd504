/**
 * Block numbers and quantities as JSON numbers, which Hardhat and Anvil accept and geth refuses
 * (test suites written against them send `eth_getBlockByNumber` with `[0, false]`, a call's
 * `"gas": 30000`): Sequin answers them as it answers the hex forms, in every `--compat` mode, with
 * Anvil beside it as the reference; numbers JSON cannot hold exactly are refused.
 */
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { type AnvilProcess, cleanupAnvilProcesses, startAnvil } from '../../src/testing/tools/startAnvil.js';
import { DEV_ACCOUNTS, rpcError, rpcResult } from './helpers.js';

const sender = DEV_ACCOUNTS[0]!.address;
let node: NodeProcess;
let anvil: AnvilProcess;

beforeAll(async () => {
  [node, anvil] = await Promise.all([startNodeProcess({ args: ['--mining', 'instant', '--compat', 'sequin'] }), startAnvil()]);
  for (const url of [node.url, anvil.url]) await rpcResult(url, 'eth_sendTransaction', [{ from: sender, to: DEV_ACCOUNTS[1]!.address, value: 5 }]);
});
afterAll(async () => {
  await Promise.all([cleanupNodeProcesses(), cleanupAnvilProcesses()]);
});

describe('JSON numbers where Hardhat and Anvil take them', () => {
  it('block numbers: eth_getBlockByNumber, eth_getBlockTransactionCountByNumber, eth_feeHistory, as the hex form answers (and as Anvil accepts them)', async () => {
    for (const url of [node.url, anvil.url]) {
      expect((await rpcResult<{ number: Hex }>(url, 'eth_getBlockByNumber', [1, false])).number).toBe('0x1');
      expect(await rpcResult(url, 'eth_getBlockTransactionCountByNumber', [1])).toBe('0x1');
      expect((await rpcResult<{ oldestBlock: Hex }>(url, 'eth_feeHistory', [2, 'latest', []])).oldestBlock).toBe('0x0');
    }
    expect(await rpcResult(node.url, 'eth_getBlockByNumber', [0, false])).toEqual(await rpcResult(node.url, 'eth_getBlockByNumber', ['0x0', false]));
    expect(await rpcResult(node.url, 'eth_getBalance', [sender, 1])).toBe(await rpcResult(node.url, 'eth_getBalance', [sender, '0x1']));
  });

  it('quantities of a transaction request and a storage slot, as Anvil accepts them', async () => {
    for (const url of [node.url, anvil.url]) {
      expect(await rpcResult(url, 'eth_estimateGas', [{ from: sender, to: sender, gas: 30_000, value: 7 }])).toBe('0x5208');
      expect(await rpcResult(url, 'eth_getStorageAt', [sender, 0, 'latest'])).toBe(`0x${'00'.repeat(32)}`);
    }
    const hash = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [{ from: sender, to: DEV_ACCOUNTS[2]!.address, value: 9, gas: 21_000 }]);
    expect(await rpcResult(node.url, 'eth_getTransactionByHash', [hash])).toMatchObject({ value: '0x9', gas: '0x5208' });
  });

  it('refuses a number JSON cannot hold exactly, a fraction, and a negative, naming the parameter', async () => {
    for (const bad of [2 ** 53, 1.5, -1]) {
      expect(await rpcError(node.url, 'eth_getBlockByNumber', [bad, false])).toEqual({
        code: -32602,
        message: 'invalid argument 0: number must be a whole number from 0 to 2^53-1 (send larger values as hex quantities)',
      });
    }
    expect(await rpcError(node.url, 'eth_call', [{ to: sender, gas: 1.5 }])).toEqual({
      code: -32602,
      message: 'invalid argument 0: field "gas": number must be a whole number from 0 to 2^53-1 (send larger values as hex quantities)',
    });
  });
});
