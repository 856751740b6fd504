/**
 * Durability of the dev surface. State edits (anvil_setBalance, setCode, setNonce, setStorageAt,
 * loadState) and a pooled impersonated transaction are acknowledged, then the node is SIGKILLed
 * before the block that holds them is sealed; after a restart on the same data directory they
 * are all there, in "pending" at once and in the next sealed block's state root, which the
 * account's EIP-1186 proof confirms. The state files: --state writes Anvil's JSON on a clean exit
 * and loads it at the next start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getAddress, type Hex, numberToHex, parseEther } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, createTempDataDir, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { pollReceipt, rpcResult, waitForBlockAfter } from './helpers.js';

const TARGET = getAddress('0x00000000000000000000000000000000000d0001');
const LOADED = getAddress('0x00000000000000000000000000000000000d0002');
const WHALE = getAddress('0x00000000000000000000000000000000000d0003');
const RECIPIENT = getAddress('0x00000000000000000000000000000000000d0004');
const SLOT = numberToHex(3, { size: 32 });
const VALUE = numberToHex(0xbeef, { size: 32 });

afterAll(cleanupNodeProcesses);

describe('dev methods under kill -9', () => {
  it('keep acknowledged state edits and a pooled impersonated transaction across a crash before the seal', async () => {
    // Long blocks: the crash comes well before the seal that would put the edits in "latest".
    const args = ['--block-time', '60000'];
    const first = await startNodeProcess({ storage: 'temp', args });
    const url = first.url;
    await rpcResult(url, 'anvil_setBalance', [TARGET, numberToHex(parseEther('7'))]);
    await rpcResult(url, 'anvil_setCode', [TARGET, '0x6001600155']);
    await rpcResult(url, 'anvil_setNonce', [TARGET, '0x2a']);
    await rpcResult(url, 'anvil_setStorageAt', [TARGET, SLOT, VALUE]);
    const dump = JSON.stringify({ accounts: { [LOADED]: { nonce: 1, balance: '0x64', code: '0x', storage: {} } } });
    await rpcResult(url, 'anvil_loadState', [`0x${Buffer.from(dump).toString('hex')}`]);
    // A transaction queued behind a nonce gap stays in the pool (journaled) through the crash.
    await rpcResult(url, 'anvil_setBalance', [WHALE, numberToHex(parseEther('1'))]);
    await rpcResult(url, 'anvil_impersonateAccount', [WHALE]);
    const pooled = await rpcResult<Hex>(url, 'eth_sendTransaction', [{ from: WHALE, to: RECIPIENT, value: '0x5', nonce: '0x1', gas: '0x5208' }]);
    expect(await rpcResult(url, 'eth_blockNumber')).toBe('0x0');
    await first.kill9();

    const second = await startNodeProcess({ storage: { dataDir: first.dataDir! } });
    const at = (tag: string) => [
      rpcResult<Hex>(second.url, 'eth_getBalance', [TARGET, tag]),
      rpcResult<Hex>(second.url, 'eth_getCode', [TARGET, tag]),
      rpcResult<Hex>(second.url, 'eth_getTransactionCount', [TARGET, tag]),
      rpcResult<Hex>(second.url, 'eth_getStorageAt', [TARGET, SLOT, tag]),
      rpcResult<Hex>(second.url, 'eth_getBalance', [LOADED, tag]),
    ];
    const expected = [numberToHex(parseEther('7')), '0x6001600155', '0x2a', VALUE, '0x64'];
    expect(await Promise.all(at('pending'))).toEqual(expected);
    expect(await rpcResult(second.url, 'eth_getTransactionByHash', [pooled])).toMatchObject({ hash: pooled, from: WHALE.toLowerCase(), blockNumber: null });

    await waitForBlockAfter(second.url, 0n);
    expect(await Promise.all(at('latest'))).toEqual(expected);
    const proof = await rpcResult<{ balance: Hex; nonce: Hex; storageProof: Array<{ value: Hex }> }>(second.url, 'eth_getProof', [TARGET, [SLOT], 'latest']);
    expect(proof).toMatchObject({ balance: numberToHex(parseEther('7')), nonce: '0x2a', storageProof: [{ value: '0xbeef' }] });

    // Impersonation is a setting of the running node, not chain state: impersonate again, fill the gap.
    await rpcResult(second.url, 'anvil_impersonateAccount', [WHALE]);
    await rpcResult(second.url, 'eth_sendTransaction', [{ from: WHALE, to: RECIPIENT, value: '0x1', nonce: '0x0', gas: '0x5208' }]);
    expect(await pollReceipt(second.url, pooled)).toMatchObject({ status: 'success', from: WHALE.toLowerCase() });
  });

  it('keeps an acknowledged evm_revert of instant-mined blocks across a crash right after it', async () => {
    const first = await startNodeProcess({ storage: 'temp', args: ['--mining', 'instant'] });
    const url = first.url;
    const [sender] = await rpcResult<Hex[]>(url, 'eth_accounts');
    const kept = await rpcResult<Hex>(url, 'eth_sendTransaction', [{ from: sender, to: RECIPIENT, value: '0x1', gas: '0x5208' }]);
    const snapshot = await rpcResult<Hex>(url, 'evm_snapshot');
    const reverted = await rpcResult<Hex>(url, 'eth_sendTransaction', [{ from: sender, to: RECIPIENT, value: '0x2', gas: '0x5208' }]);
    expect(await rpcResult(url, 'eth_blockNumber')).toBe('0x2');
    expect(await rpcResult(url, 'evm_revert', [snapshot])).toBe(true);
    await first.kill9();

    const second = await startNodeProcess({ storage: { dataDir: first.dataDir! }, args: ['--mining', 'instant'] });
    expect(await rpcResult(second.url, 'eth_blockNumber')).toBe('0x1');
    expect(await rpcResult(second.url, 'eth_getTransactionByHash', [reverted])).toBeNull();
    expect(await rpcResult(second.url, 'eth_getBalance', [RECIPIENT, 'latest'])).toBe('0x1');
    expect(await rpcResult(second.url, 'eth_getTransactionReceipt', [kept])).toMatchObject({ blockNumber: '0x1', status: '0x1' });
  });
});

describe('state files', () => {
  it("--state writes Anvil's JSON on a clean exit and loads it at the next start", async () => {
    const directory = createTempDataDir();
    const file = join(directory, 'state.json');
    const first = await startNodeProcess({ args: ['--state', directory] });
    await rpcResult(first.url, 'anvil_setBalance', [TARGET, '0x1234']);
    await rpcResult(first.url, 'anvil_setStorageAt', [TARGET, SLOT, VALUE]);
    expect(existsSync(file)).toBe(false);
    await first.stop('SIGTERM');
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written.accounts[TARGET.toLowerCase()]).toEqual({ nonce: 0, balance: '0x1234', code: '0x', storage: { [SLOT]: VALUE } });

    const second = await startNodeProcess({ args: ['--state', file] });
    expect(await rpcResult(second.url, 'eth_getBalance', [TARGET, 'pending'])).toBe('0x1234');
    expect(await rpcResult(second.url, 'eth_getStorageAt', [TARGET, SLOT, 'pending'])).toBe(VALUE);
    await second.stop();
  });

  it('--load-state refuses to start on a file that is missing or not a dump, naming it', async () => {
    const directory = createTempDataDir();
    const missing = join(directory, 'nope.json');
    await expect(startNodeProcess({ args: ['--load-state', missing] })).rejects.toThrow(`cannot read the state file ${missing}: ENOENT`);
  });
});
