/**
 * eth_sendRawTransactionSync (EIP-7966) against the real node: viem's sendRawTransactionSync gets
 * the pre-confirmed receipt in one round trip, a transaction that cannot be pre-confirmed in time
 * fails with code 4 and its hash as data (and stays pooled), and a timeout above the node's
 * maximum is -32602.
 */
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { rpc, rpcResult, signTransfer, viemClients, ZERO_HASH } from './helpers.js';

let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess({ args: ['--send-sync-max-timeout', '10000'] });
});
afterAll(cleanupNodeProcesses);

describe('eth_sendRawTransactionSync', () => {
  it('returns the pre-confirmed receipt to viem in one call, well before the block is sealed', async () => {
    const { publicClient } = viemClients(node.url, 4);
    const startedAt = performance.now();
    const receipt = await publicClient.sendRawTransactionSync({ serializedTransaction: await signTransfer(4, 0) });
    const elapsed = performance.now() - startedAt;
    expect(receipt.status).toBe('success');
    expect(receipt.blockHash).toBe(ZERO_HASH);
    expect(receipt.blockNumber).toBeGreaterThan(await publicClient.getBlockNumber());
    expect(elapsed).toBeLessThan(1_000);
    const fetched = await rpcResult<{ transactionHash: Hex; gasUsed: Hex }>(node.url, 'eth_getTransactionReceipt', [receipt.transactionHash]);
    expect(fetched.gasUsed).toBe('0x5208');
  });

  it('times out with code 4 and the hash as data when the tx cannot be pre-confirmed; the tx stays pooled', async () => {
    const gapped = await signTransfer(5, 1); // nonce 0 never sent: queued, never executable
    const response = await rpc(node.url, 'eth_sendRawTransactionSync', [gapped, 300]);
    expect(response.error?.code).toBe(4);
    expect(response.error?.message).toMatch(/^transaction 0x[0-9a-f]{64} was accepted but not pre-confirmed within 300 ms$/);
    const hash = response.error?.data as Hex;
    expect(await rpcResult(node.url, 'eth_getTransactionByHash', [hash])).toMatchObject({ hash, blockHash: null });
  });

  it('refuses a timeout above the maximum, and reports submission errors like eth_sendRawTransaction', async () => {
    const tooLong = await rpc(node.url, 'eth_sendRawTransactionSync', [await signTransfer(6, 0), 10_001]);
    expect(tooLong.error).toEqual({ code: -32602, message: 'invalid argument 1: timeout 10001 ms exceeds the maximum of 10000 ms' });
    const stale = await rpc(node.url, 'eth_sendRawTransactionSync', [await signTransfer(4, 0)]);
    expect(stale.error?.code).toBe(-32000);
    expect(stale.error?.message).toMatch(/^nonce too low: next nonce 1, tx nonce 0$/);
  });
});
