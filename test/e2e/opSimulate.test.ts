/**
 * eth_simulateV1 and testing_buildBlockV1 on an OP Stack node process (docs/op-stack.md): the blocks they
 * build open with the L1-attributes deposit, as the sequencer's next block would, and charge the L1 data
 * fee as a real block does — a simulated call that pays for its gas pays the L1 fee the GasPriceOracle
 * quotes for it (viem's estimateL1Fee asks the same), a built block's transaction the one its sender is
 * refused for at admission. The node runs `--network optimism` (chain 31337) with a high L1 base fee so
 * the L1 fee is large.
 */
import { decodeFunctionResult, encodeFunctionData, type Hex, pad, parseAbi, serializeTransaction, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, rpc, rpcError, rpcResult, waitForBlockAfter } from './helpers.js';

const L1_BLOCK: Hex = '0x4200000000000000000000000000000000000015';
const GAS_PRICE_ORACLE: Hex = '0x420000000000000000000000000000000000000f';
const DEPOSITOR: Hex = '0xdeaddeaddeaddeaddeaddeaddeaddeaddead0001';
/** Code that returns BALANCE(the address in its calldata). */
const BALANCE_READER: Hex = '0x6000353160005260206000f3';
const READER: Hex = '0x00000000000000000000000000000000000bA1a0';

let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess({ args: ['--network', 'optimism', '--l1-base-fee', String(50_000_000_000n), '--l1-blob-base-fee', '5000000'] });
  // The first sealed block sets L1Block's values (genesis has none): the GasPriceOracle quotes from them.
  await waitForBlockAfter(node.url, 0n);
});
afterAll(cleanupNodeProcesses);

type SimulatedBlock = { baseFeePerGas: Hex; transactions: Array<{ type: Hex; from: Hex; to: Hex; hash: Hex }>; calls: Array<{ status: Hex; returnData: Hex }> };

async function gasPriceOracleL1Fee(unsigned: Hex): Promise<bigint> {
  const abi = parseAbi(['function getL1Fee(bytes) view returns (uint256)']);
  const data = encodeFunctionData({ abi, functionName: 'getL1Fee', args: [unsigned] });
  return decodeFunctionResult({ abi, functionName: 'getL1Fee', data: await rpcResult<Hex>(node.url, 'eth_call', [{ to: GAS_PRICE_ORACLE, data }, 'latest']) });
}

describe('eth_simulateV1 on an OP chain', () => {
  it('opens each block with the L1-attributes deposit and charges a paying call the L1 fee the GasPriceOracle quotes', async () => {
    const sender = DEV_ACCOUNTS[5]!.address.toLowerCase() as Hex;
    const before = BigInt(await rpcResult<Hex>(node.url, 'eth_getBalance', [sender, 'latest']));
    const nonce = Number(await rpcResult<Hex>(node.url, 'eth_getTransactionCount', [sender, 'latest']));
    const transfer = { to: DEV_ACCOUNTS[6]!.address, value: 1000n, gas: 21_000n, maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1n };
    const simulate = (validation: boolean, fees: boolean) =>
      rpcResult<SimulatedBlock[]>(node.url, 'eth_simulateV1', [
        {
          validation,
          returnFullTransactions: true,
          blockStateCalls: [
            {
              stateOverrides: { [READER]: { code: BALANCE_READER } },
              calls: [
                {
                  from: sender,
                  to: transfer.to,
                  value: toHex(transfer.value),
                  gas: toHex(transfer.gas),
                  ...(fees ? { maxFeePerGas: toHex(transfer.maxFeePerGas), maxPriorityFeePerGas: toHex(transfer.maxPriorityFeePerGas) } : {}),
                },
                { from: DEV_ACCOUNTS[7]!.address, to: READER, input: pad(sender), ...(fees ? { maxFeePerGas: toHex(transfer.maxFeePerGas) } : {}) },
              ],
            },
          ],
        },
        'latest',
      ]);

    const [paid] = await simulate(true, true);
    expect(paid!.transactions.map((transaction) => [transaction.type, transaction.from, transaction.to])).toEqual([
      ['0x7e', DEPOSITOR, L1_BLOCK],
      ['0x2', sender, transfer.to.toLowerCase()],
      ['0x2', DEV_ACCOUNTS[7]!.address.toLowerCase(), READER.toLowerCase()],
    ]);
    expect(paid!.calls.map((call) => call.status)).toEqual(['0x1', '0x1']);
    const l1Fee = await gasPriceOracleL1Fee(serializeTransaction({ type: 'eip1559', chainId: 31337, nonce, ...transfer }));
    expect(l1Fee).toBeGreaterThan(10n ** 10n);
    const baseFee = BigInt(paid!.baseFeePerGas);
    const price = baseFee + transfer.maxPriorityFeePerGas;
    expect(BigInt(paid!.calls[1]!.returnData)).toBe(before - transfer.value - transfer.gas * price - l1Fee);

    // A free call (no validation, no fees) pays nothing: no gas, no L1 fee — op-geth's answer too.
    const [free] = await simulate(false, false);
    expect(free!.transactions[0]).toMatchObject({ type: '0x7e', to: L1_BLOCK });
    expect(BigInt(free!.calls[1]!.returnData)).toBe(before - transfer.value);
  });

  it("refuses a paying call whose sender can pay the gas but not the L1 fee, in op-geth's words", async () => {
    const poor = privateKeyToAccount(generatePrivateKey()).address;
    const gasAndValue = 21_000n * 20_000_000_000n;
    const error = await rpcError(node.url, 'eth_simulateV1', [
      {
        validation: true,
        blockStateCalls: [
          {
            stateOverrides: { [poor]: { balance: toHex(gasAndValue) } },
            calls: [{ from: poor, to: poor, gas: toHex(21_000n), maxFeePerGas: toHex(20_000_000_000n), maxPriorityFeePerGas: '0x1' }],
          },
        ],
      },
      'latest',
    ]);
    expect(error.message).toMatch(/insufficient funds for gas \* price \+ value: address 0x[0-9a-fA-F]{40} have 420000000000000 want \d+/);
  });
});

describe('testing_buildBlockV1 on an OP chain', () => {
  it('opens the block with the L1-attributes deposit and charges the L1 fee: a sender with a wei less than admission asks is refused', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId: 31337,
      nonce: 0,
      to: DEV_ACCOUNTS[0]!.address,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: 20_000_000_000n,
      maxPriorityFeePerGas: 1n,
    });
    // What the sender must hold, as admission computes it (gas · fee cap + value + L1 fee), from its refusal.
    const refusal = await rpcError(node.url, 'eth_sendRawTransaction', [raw]);
    const want = BigInt(/tx cost (\d+)/.exec(refusal.message)![1]!);
    expect(want).toBeGreaterThan(21_000n * 20_000_000_000n + 1n + 10n ** 10n);

    /** Gives the sender `balance`, waits for a block to seal it, and builds the block after that one with `raw`. */
    const buildWith = async (balance: bigint) => {
      await rpcResult(node.url, 'anvil_setBalance', [account.address, toHex(balance)]);
      const head = await waitForBlockAfter(node.url, BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber')));
      const parent = await rpcResult<{ hash: Hex; timestamp: Hex }>(node.url, 'eth_getBlockByNumber', [toHex(head), false]);
      const attributes = {
        timestamp: toHex(BigInt(parent.timestamp) + 1n),
        prevRandao: `0x${'11'.repeat(32)}`,
        suggestedFeeRecipient: '0x4200000000000000000000000000000000000011',
        withdrawals: [],
        parentBeaconBlockRoot: `0x${'00'.repeat(32)}`,
      };
      return rpc(node.url, 'testing_buildBlockV1', [parent.hash, attributes, [raw]]);
    };
    const refused = await buildWith(want - 1n);
    expect(refused.error?.message).toContain(`insufficient funds for gas * price + value: address ${account.address} have ${want - 1n} want ${want}`);

    const built = await buildWith(want);
    const payload = (built.result as { executionPayload: { transactions: Hex[]; gasUsed: Hex } }).executionPayload;
    expect(payload.transactions).toHaveLength(2);
    expect(payload.transactions[0]!.startsWith('0x7e')).toBe(true);
    expect(payload.transactions[1]).toBe(raw);
    expect(BigInt(payload.gasUsed)).toBeGreaterThan(21_000n);
  });
});
