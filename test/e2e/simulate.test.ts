/**
 * eth_simulateV1 against the real node: viem's `simulateBlocks` and `simulateCalls` (several blocks,
 * block and state overrides, state carried from block to block, reverts decoded by viem), and raw
 * JSON-RPC for what viem does not show (traceTransfers logs, full transactions, geth's -380xx
 * refusals, the pending block). Nothing a simulation does stays behind.
 */
import { type Hex, hexToBigInt, pad, parseAbi, parseEther, sliceHex, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { rpcError, rpcResult, viemClients } from './helpers.js';

/** Returns NUMBER, TIMESTAMP and SELFBALANCE as three words. */
const RETURN_NUMBER_TIME_BALANCE: Hex = '0x43600052426020524760405260606000f3';
/** Stores CALLVALUE in slot 0 (SSTORE), then stops. */
const STORE_CALLVALUE: Hex = '0x3460005500';
/** Returns SLOAD(0) as one word. */
const RETURN_SLOT_0: Hex = '0x60005460005260206000f3';
/** Reverts with Error("no"): the ABI-encoded reason in memory, then REVERT. */
const REVERT_NO: Hex =
  '0x7f08c379a000000000000000000000000000000000000000000000000000000000600052602060045260026024527f6e6f00000000000000000000000000000000000000000000000000000000000060445260646000fd';

/** The ERC-7528 address geth's traceTransfers logs ETH transfers from, and the ERC-20 Transfer topic. */
const ETH_TRANSFER_EMITTER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const fresh = () => privateKeyToAddress(generatePrivateKey()).toLowerCase() as Hex;
const words = (data: Hex) => Array.from({ length: (data.length - 2) / 64 }, (_, index) => hexToBigInt(sliceHex(data, index * 32, (index + 1) * 32)));

let node: NodeProcess;
beforeAll(async () => {
  node = await startNodeProcess({ storage: 'temp' });
});
afterAll(cleanupNodeProcesses);

describe('eth_simulateV1', () => {
  const client = () => viemClients(node.url).publicClient;

  it('viem simulateBlocks: blocks with block and state overrides, each seeing the state the ones before left', async () => {
    const contract = fresh();
    const payer = fresh();
    const head = await client().getBlockNumber();
    // On a fixed base block: geth fills a gap in the numbers with empty blocks, which viem cannot pair with its calls.
    const blocks = await client().simulateBlocks({
      blockNumber: head,
      blocks: [
        {
          blockOverrides: { number: head + 1n, time: 5_000_000_000n },
          stateOverrides: [
            { address: contract, code: STORE_CALLVALUE },
            { address: payer, balance: parseEther('5') },
          ],
          calls: [{ account: payer, to: contract, value: parseEther('2') }],
        },
        {
          calls: [{ to: payer, data: '0x' }],
          stateOverrides: [{ address: payer, code: RETURN_NUMBER_TIME_BALANCE }],
        },
        { stateOverrides: [{ address: contract, code: RETURN_SLOT_0 }], calls: [{ to: contract, data: '0x' }] },
      ],
    });
    expect(blocks.map((block) => block.number)).toEqual([head + 1n, head + 2n, head + 3n]);
    expect(blocks[1]!.timestamp).toBeGreaterThan(5_000_000_000n);
    expect(blocks[0]!.calls[0]!.status).toBe('success');
    // Block 2: the payer, now a contract, reads its number, time and the balance block 1 left it (no fees: base fee 0).
    const [number, time, balance] = words(blocks[1]!.calls[0]!.data);
    expect([number, time, balance]).toEqual([head + 2n, blocks[1]!.timestamp, parseEther('3')]);
    // Block 3: the slot block 1 wrote, read by code block 3's override swaps in (the storage stays).
    expect(words(blocks[2]!.calls[0]!.data)).toEqual([parseEther('2')]);
    // Parent hashes chain the simulated blocks.
    expect(blocks[1]!.parentHash).toBe(blocks[0]!.hash);
    expect(blocks[2]!.parentHash).toBe(blocks[1]!.hash);
    // Nothing stays behind.
    expect(await client().getBalance({ address: payer })).toBe(0n);
    expect(await client().getCode({ address: contract })).toBeUndefined();
  });

  it('viem simulateCalls: results decoded, a revert reason decoded by viem', async () => {
    const account = fresh();
    const reverting = fresh();
    const receiver = fresh();
    const { results } = await client().simulateCalls({
      account,
      stateOverrides: [
        { address: account, balance: parseEther('1') },
        { address: reverting, code: REVERT_NO },
      ],
      calls: [
        { to: receiver, value: parseEther('0.25') },
        { to: reverting, abi: parseAbi(['function f()']), functionName: 'f' },
      ],
    });
    expect(results[0]!.status).toBe('success');
    expect(results[0]!.gasUsed).toBe(21_000n);
    expect(results[1]!.status).toBe('failure');
    expect(results[1]!.error?.message).toMatch(/reverted with the following reason:\s+no/);
  });

  it('traceTransfers: an ETH transfer is a Transfer log from 0xeee…e; returnFullTransactions: the calls as transactions', async () => {
    const sender = fresh();
    const receiver = fresh();
    const [block] = await rpcResult<
      Array<{ calls: Array<{ logs: Array<{ address: Hex; topics: Hex[]; data: Hex }> }>; transactions: Array<{ from: Hex; to: Hex; value: Hex }> }>
    >(node.url, 'eth_simulateV1', [
      {
        blockStateCalls: [{ stateOverrides: { [sender]: { balance: toHex(parseEther('1')) } }, calls: [{ from: sender, to: receiver, value: toHex(1000n) }] }],
        traceTransfers: true,
        returnFullTransactions: true,
      },
      'latest',
    ]);
    expect(block!.calls[0]!.logs).toMatchObject([
      {
        address: ETH_TRANSFER_EMITTER,
        topics: [TRANSFER_TOPIC, pad(sender, { size: 32 }), pad(receiver, { size: 32 })],
        data: pad(toHex(1000n), { size: 32 }),
      },
    ]);
    expect(block!.transactions).toMatchObject([{ from: sender, to: receiver, value: '0x3e8' }]);
  });

  it('a failed call is a result (code 3 with the revert data, or -32015), not an error of the request', async () => {
    const reverting = fresh();
    const [block] = await rpcResult<Array<{ calls: Array<{ status: Hex; returnData: Hex; error: { code: number; message: string; data?: Hex } }> }>>(
      node.url,
      'eth_simulateV1',
      [
        {
          blockStateCalls: [
            { stateOverrides: { [reverting]: { code: REVERT_NO } }, calls: [{ to: reverting }, { to: reverting, gas: '0x5208', input: '0x' }] },
          ],
        },
        'latest',
      ],
    );
    expect(block!.calls[0]).toMatchObject({ status: '0x0', returnData: '0x', error: { code: 3, message: 'execution reverted: no' } });
    expect(block!.calls[0]!.error.data).toMatch(/^0x08c379a0/);
    // 21,000 gas covers the intrinsic cost only: the code runs out of gas.
    expect(block!.calls[1]).toMatchObject({ status: '0x0', error: { code: -32015, message: 'out of gas' } });
  });

  it("refuses what geth refuses, with geth's codes", async () => {
    const sender = fresh();
    const simulate = (payload: unknown, block: unknown = 'latest') => rpcError(node.url, 'eth_simulateV1', [payload, block]);
    expect(await simulate({ blockStateCalls: [] })).toMatchObject({ code: -32602, message: 'empty input' });
    const head = await client().getBlockNumber();
    const backwards = { blockStateCalls: [{ blockOverrides: { number: toHex(head + 5n) } }, { blockOverrides: { number: toHex(head + 3n) } }] };
    expect(await simulate(backwards)).toMatchObject({ code: -38020, message: `block numbers must be in order: ${head + 3n} <= ${head + 5n}` });
    const nonceTooHigh = { blockStateCalls: [{ calls: [{ from: sender, to: sender, nonce: '0x5' }] }], validation: true };
    expect((await simulate(nonceTooHigh)).code).toBe(-38011);
    const poor = { blockStateCalls: [{ calls: [{ from: sender, to: sender, value: '0x1' }] }] };
    expect((await simulate(poor)).code).toBe(-38014);
    expect(await simulate({ blockStateCalls: [{}] }, '0xffffff')).toMatchObject({ code: -32000, message: 'header not found' });
  });

  it('simulates on the pending block too: the next block after it', async () => {
    const before = await client().getBlock({ blockTag: 'pending' });
    const [block] = await rpcResult<Array<{ number: Hex }>>(node.url, 'eth_simulateV1', [{ blockStateCalls: [{}] }, 'pending']);
    const after = await client().getBlock({ blockTag: 'pending' });
    // A seal may fall between the reads: the answer follows the pending block of one of them.
    expect([before.number! + 1n, after.number! + 1n]).toContain(hexToBigInt(block!.number));
  });
});
