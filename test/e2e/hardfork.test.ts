/**
 * `--hardfork NAME` against the real node: Osaka by default (EIP-7951's P256VERIFY at 0x…0100,
 * EIP-7939's CLZ, EIP-7825's 2^24 transaction gas limit with geth's refusal), older forks on
 * request (Prague without them; London without blobs or withdrawals), the choice in eth_config,
 * GET /chain/rules and anvil_nodeInfo, and a data directory that keeps its fork.
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { type Hex, toHex } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, createTempDataDir, runSequinCommand, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, rpcError, rpcResult, viemClients } from './helpers.js';

afterAll(cleanupNodeProcesses);

const P256VERIFY = '0x0000000000000000000000000000000000000100';
/** PUSH1 0xff; CLZ; PUSH1 0; MSTORE; PUSH1 32; PUSH1 0; RETURN: the leading zero bits of 0xff (248). */
const CLZ_OF_FF = '0x60ff1e60005260206000f3';
const sender = DEV_ACCOUNTS[0]!.address;

/** EIP-7951's input for a P-256 signature made by node:crypto: hash ‖ r ‖ s ‖ x ‖ y, and a tampered copy. */
function p256Input(): { valid: Hex; tampered: Hex } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const message = Buffer.from('sequin p256');
  const signature = sign('sha256', message, { key: privateKey, dsaEncoding: 'ieee-p1363' });
  const jwk = publicKey.export({ format: 'jwk' });
  const hash = createHash('sha256').update(message).digest();
  const parts = [hash, signature, Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')];
  const valid = toHex(Buffer.concat(parts));
  const tamperedHash = Buffer.from(hash);
  tamperedHash[0] = (tamperedHash[0] ?? 0) ^ 1;
  return { valid, tampered: toHex(Buffer.concat([tamperedHash, ...parts.slice(1)])) };
}

describe('--hardfork', () => {
  it('runs Osaka by default: P256VERIFY verifies a P-256 signature, CLZ counts zero bits, a tx over 2^24 gas is refused', async () => {
    const node = await startNodeProcess({ args: ['--mining', 'instant', '--compat', 'sequin'] });
    const { valid, tampered } = p256Input();
    expect(await rpcResult(node.url, 'eth_call', [{ to: P256VERIFY, data: valid }])).toBe(`0x${'00'.repeat(31)}01`);
    expect(await rpcResult(node.url, 'eth_call', [{ to: P256VERIFY, data: tampered }])).toBe('0x');
    expect(await rpcResult(node.url, 'eth_call', [{ data: CLZ_OF_FF }])).toBe(toHex(248n, { size: 32 }));
    expect(await rpcError(node.url, 'eth_sendTransaction', [{ from: sender, to: sender, gas: toHex(2n ** 24n + 1n) }])).toEqual({
      code: -32000,
      message: 'transaction gas limit too high (cap: 16777216, tx: 16777217)',
    });
    const hash = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [{ from: sender, to: sender, gas: toHex(2n ** 24n) }]);
    expect(await rpcResult(node.url, 'eth_getTransactionReceipt', [hash])).toMatchObject({ status: '0x1' });
    // geth's estimator stops at the cap: a creation that needs more gas than any transaction may have
    // (PUSH1 1; PUSH4 0xffffff; MSTORE: 16 MiB of memory).
    expect(await rpcError(node.url, 'eth_estimateGas', [{ from: sender, data: '0x60016300ffffff52' }])).toMatchObject({
      code: -32000,
      message: 'gas required exceeds allowance (16777216)',
    });
    expect(await (await fetch(`${node.url}/chain/rules`)).json()).toMatchObject({
      hardfork: 'osaka',
      forkSchedule: 'one fork from genesis (--hardfork)',
      codeSizeLimit: 24_576,
      initCodeSizeLimit: 49_152,
      transactionGasLimit: 16_777_216,
    });
    expect(await rpcResult(node.url, 'anvil_nodeInfo')).toMatchObject({ hardFork: 'Osaka' });
  });

  it('--hardfork prague: no P256VERIFY (a call to 0x…0100 is a call to an empty account), no CLZ, no transaction gas cap', async () => {
    const node = await startNodeProcess({ args: ['--mining', 'instant', '--compat', 'sequin', '--hardfork', 'prague'] });
    const { valid } = p256Input();
    expect(await rpcResult(node.url, 'eth_call', [{ to: P256VERIFY, data: valid }])).toBe('0x');
    expect(await rpcError(node.url, 'eth_call', [{ data: CLZ_OF_FF }])).toEqual({ code: -32000, message: 'invalid opcode' });
    const hash = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [{ from: sender, to: sender, gas: toHex(30_000_000n) }]);
    expect(await rpcResult(node.url, 'eth_getTransactionReceipt', [hash])).toMatchObject({ status: '0x1' });
    const config = await rpcResult<{ current: { precompiles: object } }>(node.url, 'eth_config');
    expect(config.current.precompiles).not.toHaveProperty('P256VERIFY');
    expect(await (await fetch(`${node.url}/chain/rules`)).json()).toMatchObject({ hardfork: 'prague', transactionGasLimit: null });
  });

  it('--hardfork london: blocks without withdrawals or blob fields, eth_config without a current fork, type-2 transactions mined', async () => {
    const node = await startNodeProcess({ args: ['--mining', 'instant', '--compat', 'sequin', '--hardfork', 'london'] });
    const hash = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [{ from: sender, to: DEV_ACCOUNTS[1]!.address, value: '0x1' }]);
    const receipt = await rpcResult<{ status: Hex; blockNumber: Hex; type: Hex }>(node.url, 'eth_getTransactionReceipt', [hash]);
    expect(receipt).toMatchObject({ status: '0x1', type: '0x2' });
    const block = await rpcResult<Record<string, unknown>>(node.url, 'eth_getBlockByNumber', [receipt.blockNumber, false]);
    expect(block.baseFeePerGas).toBeDefined();
    expect(block).not.toHaveProperty('withdrawalsRoot');
    expect(block).not.toHaveProperty('blobGasUsed');
    expect(await rpcResult(node.url, 'eth_config')).toEqual({ current: null, next: null, last: null });
    // PUSH0 arrived with Shanghai.
    expect(await rpcError(node.url, 'eth_call', [{ data: '0x5f' }])).toEqual({ code: -32000, message: 'invalid opcode' });
  });

  it("--hardfork berlin: no base fee, legacy transactions from eth_sendTransaction, a type-2 transaction refused in geth's words", async () => {
    const node = await startNodeProcess({ args: ['--mining', 'instant', '--compat', 'sequin', '--hardfork', 'berlin'] });
    const hash = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [{ from: sender, to: DEV_ACCOUNTS[1]!.address, value: '0x1' }]);
    expect(await rpcResult(node.url, 'eth_getTransactionByHash', [hash])).toMatchObject({ type: '0x0' });
    const receipt = await rpcResult<{ status: Hex; blockNumber: Hex }>(node.url, 'eth_getTransactionReceipt', [hash]);
    expect(receipt.status).toBe('0x1');
    expect(await rpcResult(node.url, 'eth_getBlockByNumber', [receipt.blockNumber, false])).not.toHaveProperty('baseFeePerGas');
    const { walletClient } = viemClients(node.url, 2);
    const typed = await walletClient.signTransaction({
      to: sender,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 1n,
      nonce: 0,
      chain: null,
      account: walletClient.account!,
    });
    expect(await rpcError(node.url, 'eth_sendRawTransaction', [typed])).toEqual({
      code: -32000,
      message: 'transaction type not supported: type 2 rejected, pool not yet in London',
    });
  });

  it('a data directory keeps the fork it was made with, and refuses another --hardfork', async () => {
    const dataDir = createTempDataDir();
    const first = await startNodeProcess({ storage: { dataDir }, args: ['--hardfork', 'cancun'] });
    await first.stop();
    const again = await startNodeProcess({ storage: { dataDir } });
    expect(await (await fetch(`${again.url}/chain/rules`)).json()).toMatchObject({ hardfork: 'cancun' });
    await again.stop();
    const refused = runSequinCommand(['--data-dir', dataDir, '--port', '0', '--hardfork', 'osaka']);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('the data directory holds a chain running cancun, not osaka');
  });

  it('refuses an unknown fork, and --hardfork with --genesis, naming the flag', () => {
    const unknown = runSequinCommand(['--hardfork', 'amsterdam']);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain('--hardfork must be one of osaka, prague, cancun, shanghai, paris, merge, london, berlin, latest, got "amsterdam"');
    const withGenesis = runSequinCommand(['--hardfork', 'prague', '--genesis', 'genesis.json']);
    expect(withGenesis.status).not.toBe(0);
    expect(withGenesis.stderr).toContain("--hardfork cannot be combined with --genesis: the genesis file's config schedules the chain's forks");
  });

  it('P256VERIFY costs 6,900 gas (EIP-7951): one gas less and the call runs out of it', async () => {
    const node = await startNodeProcess();
    const { valid } = p256Input();
    const calldataGas = [...Buffer.from(valid.slice(2), 'hex')].reduce((sum, byte) => sum + (byte === 0 ? 4n : 16n), 0n);
    const exact = 21_000n + calldataGas + 6_900n;
    expect(await rpcResult(node.url, 'eth_estimateGas', [{ from: sender, to: P256VERIFY, data: valid }])).toBe(toHex(exact));
    expect(await rpcResult(node.url, 'eth_call', [{ from: sender, to: P256VERIFY, data: valid, gas: toHex(exact) }])).toBe(`0x${'00'.repeat(31)}01`);
    expect(await rpcError(node.url, 'eth_call', [{ from: sender, to: P256VERIFY, data: valid, gas: toHex(exact - 1n) }])).toEqual({
      code: -32000,
      message: 'out of gas',
    });
  });
});
