/**
 * `--disable-code-size-limit` (Anvil's flag) against the real node: by default EIP-170 refuses
 * deployed code over 24,576 bytes (the deployment fails) and EIP-3860 init code over 49,152 bytes
 * (the pool refuses it); with the flag both deploy, through eth_sendTransaction and raw transactions
 * alike, and eth_call / eth_estimateGas (run in worker threads) agree.
 */
import { type Hex, toHex } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, rpcError, rpcResult, viemClients } from './helpers.js';

afterAll(cleanupNodeProcesses);

const sender = DEV_ACCOUNTS[0]!.address;
/** Init code returning `size` zero bytes as the contract's code: PUSH2 size; PUSH1 0; RETURN. */
const returning = (size: number): Hex => `0x61${size.toString(16).padStart(4, '0')}6000f3`;
/** Init code of `size` bytes: PUSH1 1; PUSH1 0; RETURN, then zeros (never reached). */
const initCodeOf = (size: number): Hex => `0x60016000f3${'00'.repeat(size - 5)}`;

describe('--disable-code-size-limit', () => {
  it('by default: 24,576 bytes of code deploy and 24,577 fail; init code over 49,152 bytes is refused', async () => {
    const node = await startNodeProcess({ args: ['--mining', 'instant', '--compat', 'sequin'] });
    const atLimit = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [{ from: sender, data: returning(24_576), gas: toHex(10_000_000n) }]);
    const deployed = await rpcResult<{ status: Hex; contractAddress: Hex }>(node.url, 'eth_getTransactionReceipt', [atLimit]);
    expect(deployed.status).toBe('0x1');
    expect((await rpcResult<Hex>(node.url, 'eth_getCode', [deployed.contractAddress, 'latest'])).length).toBe(2 + 2 * 24_576);
    const overLimit = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [{ from: sender, data: returning(24_577), gas: toHex(10_000_000n) }]);
    expect(await rpcResult(node.url, 'eth_getTransactionReceipt', [overLimit])).toMatchObject({ status: '0x0' });
    expect(await rpcError(node.url, 'eth_call', [{ from: sender, data: returning(24_577) }])).toEqual({ code: -32000, message: 'max code size exceeded' });
    expect(await rpcError(node.url, 'eth_sendTransaction', [{ from: sender, data: initCodeOf(49_153), gas: toHex(10_000_000n) }])).toEqual({
      code: -32000,
      message: 'max initcode size exceeded: code size 49153, limit 49152',
    });
  });

  it('with the flag: 25,000 bytes of code deploy (sent and raw), 60,000 bytes of init code run, and calls agree', async () => {
    const node = await startNodeProcess({ args: ['--mining', 'instant', '--disable-code-size-limit'] });
    expect(await (await fetch(`${node.url}/chain/rules`)).json()).toMatchObject({ codeSizeLimit: null, initCodeSizeLimit: null });
    const sent = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [{ from: sender, data: returning(25_000), gas: toHex(10_000_000n) }]);
    const receipt = await rpcResult<{ status: Hex; contractAddress: Hex }>(node.url, 'eth_getTransactionReceipt', [sent]);
    expect(receipt.status).toBe('0x1');
    expect((await rpcResult<Hex>(node.url, 'eth_getCode', [receipt.contractAddress, 'latest'])).length).toBe(2 + 2 * 25_000);
    expect((await rpcResult<Hex>(node.url, 'eth_call', [{ from: sender, data: returning(25_000) }])).length).toBe(2 + 2 * 25_000);
    const estimate = BigInt(await rpcResult<Hex>(node.url, 'eth_estimateGas', [{ from: sender, data: returning(25_000) }]));
    expect(estimate).toBeGreaterThan(200n * 25_000n);

    // A raw transaction signed by the client (viem), with init code past EIP-3860's limit.
    const { walletClient, publicClient } = viemClients(node.url, 1);
    const hash = await walletClient.sendTransaction({ data: initCodeOf(60_000), gas: 15_000_000n });
    expect((await publicClient.getTransactionReceipt({ hash })).status).toBe('success');
  });
});
