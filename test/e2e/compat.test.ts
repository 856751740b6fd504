/**
 * `--compat` against the real node, with Anvil (Foundry 1.7.1) beside it where Anvil's answer is
 * the reference:
 *
 *   auto (with --mining instant) → hardhat: the client version hardhat-network-helpers accepts,
 *     Hardhat's errors for failed calls, and a failed send mined and answered with Hardhat's error
 *     (hash and revert data in `data`); the estimate of a value the sender cannot cover, as Anvil's
 *   sequin (and auto without instant mining): geth's client version, errors and estimate; a failed
 *     send answers its hash and its receipt says status 0
 *   anvil: Anvil's prefix; Anvil's estimate; geth's errors
 *
 * The Hardhat answers asserted here were recorded from Hardhat 2.29.1's `hardhat node`; the Hardhat 2
 * project (hardhat2Project.test.ts) runs hardhat-chai-matchers on them against both nodes.
 */
import { encodeErrorResult, type Hex, parseAbi, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { type AnvilProcess, cleanupAnvilProcesses, startAnvil } from '../../src/testing/tools/startAnvil.js';
import { DEV_ACCOUNTS, rpc, rpcError, rpcResult } from './helpers.js';

const sender = DEV_ACCOUNTS[0]!.address;
/** Init code that reverts with Error("no way"): MSTOREs the ABI encoding, then REVERTs it. */
const reasonData = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['no way'] });
const revertingInitCode = (() => {
  const bytes = reasonData.slice(2);
  // PUSH32 each word, PUSH1 offset, MSTORE; then PUSH1 length, PUSH1 0, REVERT.
  let code = '';
  for (let offset = 0; offset < bytes.length / 2; offset += 32)
    code += `7f${bytes.slice(offset * 2, offset * 2 + 64).padEnd(64, '0')}60${offset.toString(16).padStart(2, '0')}52`;
  return `0x${code}60${(bytes.length / 2).toString(16).padStart(2, '0')}6000fd` as Hex;
})();
/** An account with nothing in it. */
const EMPTY = '0x000000000000000000000000000000000000e0e0';
const VM = 'Error: VM Exception while processing transaction:';

let hardhatMode: NodeProcess;
let sequinMode: NodeProcess;
let anvilMode: NodeProcess;
let anvil: AnvilProcess;

beforeAll(async () => {
  [hardhatMode, sequinMode, anvilMode, anvil] = await Promise.all([
    startNodeProcess({ args: ['--mining', 'instant'] }),
    startNodeProcess({ args: ['--mining', 'instant', '--compat', 'sequin'] }),
    startNodeProcess({ args: ['--compat', 'anvil'] }),
    startAnvil(),
  ]);
});
afterAll(async () => {
  await Promise.all([cleanupNodeProcesses(), cleanupAnvilProcesses()]);
});

describe('--compat', () => {
  it('presents itself in web3_clientVersion with the prefix the Hardhat plugins check, and says which node it is', async () => {
    expect(await rpcResult(hardhatMode.url, 'web3_clientVersion')).toMatch(/^HardhatNetwork-compatible Sequin\/v\d+\.\d+\.\d+\//);
    expect(await rpcResult(anvilMode.url, 'web3_clientVersion')).toMatch(/^anvil-compatible Sequin\/v/);
    expect(await rpcResult(sequinMode.url, 'web3_clientVersion')).toMatch(/^Sequin\/v/);
    expect(await rpcResult(hardhatMode.url, 'hardhat_metadata')).toMatchObject({ clientVersion: expect.stringMatching(/^HardhatNetwork-compatible/) });
    expect(await (await fetch(`${hardhatMode.url}/chain/rules`)).json()).toMatchObject({ compat: 'hardhat' });
    expect(await (await fetch(`${anvilMode.url}/chain/rules`)).json()).toMatchObject({ compat: 'anvil' });
  });

  it("hardhat: a failed send is mined and answered with Hardhat's error, carrying the transaction's hash and revert data", async () => {
    const before = BigInt(await rpcResult<Hex>(hardhatMode.url, 'eth_blockNumber'));
    const nonce = BigInt(await rpcResult<Hex>(hardhatMode.url, 'eth_getTransactionCount', [sender, 'latest']));
    const error = await rpcError(hardhatMode.url, 'eth_sendTransaction', [{ from: sender, data: revertingInitCode, gas: toHex(1_000_000n) }]);
    const message = `${VM} reverted with reason string 'no way'`;
    expect(error).toEqual({ code: -32603, message, data: { message, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), data: reasonData } });
    const txHash = (error.data as { txHash: Hex }).txHash;
    // Mined, in its own block, with status 0: the nonce is spent.
    expect(await rpcResult(hardhatMode.url, 'eth_getTransactionReceipt', [txHash])).toMatchObject({ status: '0x0', blockNumber: toHex(before + 1n) });
    expect(await rpcResult(hardhatMode.url, 'eth_getTransactionCount', [sender, 'latest'])).toBe(toHex(nonce + 1n));
    // A call: the same words, without a hash.
    expect(await rpcError(hardhatMode.url, 'eth_call', [{ from: sender, data: revertingInitCode }])).toEqual({
      code: -32603,
      message,
      data: { message, data: reasonData },
    });
    // Out of gas: Hardhat's -32000.
    const outOfGas = await rpcError(hardhatMode.url, 'eth_sendTransaction', [{ from: sender, data: '0x60016300ffffff52', gas: toHex(100_000n) }]);
    expect(outOfGas).toMatchObject({ code: -32000, message: 'Transaction ran out of gas', data: { message: 'Transaction ran out of gas', data: '0x' } });
  });

  it('sequin: a failed send answers its hash (status 0 in the receipt), and a failed call is geth’s code 3', async () => {
    const hash = await rpcResult<Hex>(sequinMode.url, 'eth_sendTransaction', [{ from: sender, data: revertingInitCode, gas: toHex(1_000_000n) }]);
    expect(await rpcResult(sequinMode.url, 'eth_getTransactionReceipt', [hash])).toMatchObject({ status: '0x0' });
    expect(await rpcError(sequinMode.url, 'eth_call', [{ from: sender, data: revertingInitCode }])).toEqual({
      code: 3,
      message: 'execution reverted: no way',
      data: reasonData,
    });
  });

  it("anvil and hardhat estimate a transfer the sender cannot cover as Anvil does; sequin keeps geth's refusal", async () => {
    const transfer = { from: EMPTY, to: sender, value: toHex(10n ** 18n) };
    const anvilAnswer = await rpcResult(anvil.url, 'eth_estimateGas', [transfer]);
    expect(anvilAnswer).toBe(toHex(21_000n));
    expect(await rpcResult(anvilMode.url, 'eth_estimateGas', [transfer])).toBe(anvilAnswer);
    expect(await rpcResult(hardhatMode.url, 'eth_estimateGas', [transfer])).toBe(anvilAnswer);
    expect(await rpcResult(hardhatMode.url, 'eth_estimateGas', [{ ...transfer, gasPrice: toHex(10n ** 9n) }])).toBe(anvilAnswer);
    expect(await rpcError(sequinMode.url, 'eth_estimateGas', [transfer])).toEqual({
      code: -32000,
      message: expect.stringMatching(/^insufficient funds for gas \* price \+ value: address 0x0{36}e0e0 have 0 want 1000000000000000000$/i),
    });
    // The sender still cannot send it.
    expect((await rpc(hardhatMode.url, 'eth_getBalance', [EMPTY, 'latest'])).result).toBe('0x0');
  });
});
