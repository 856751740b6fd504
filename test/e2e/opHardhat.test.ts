/**
 * Sequin's OP Stack mode beside Hardhat 3's `op` chain type (test/tools/hardhat/hardhat.op.config.js), both
 * real node processes, under the same L1 parameters: Hardhat's L1Block starts with a 10 gwei L1 base and
 * blob base fee and zero scalars (so no L1 fee at all), so the test copies Sequin's L1Block fee slots into
 * Hardhat's (hardhat_setStorageAt), which its L1 fee reads. Then, where both answer the same call, the
 * figures must agree:
 *
 *   GasPriceOracle.getL1Fee(bytes) · viem's publicActionsL2 getL1BaseFee and estimateL1Fee · the same signed
 *   transaction sent to both: its receipt's L1 fields (l1Fee, l1GasUsed, l1GasPrice, l1BlobBaseFee, the
 *   scalars) and what its sender is charged (value + gas · price + L1 fee)
 *
 * and where they differ by design (docs/op-stack.md, "Differences"), the difference is asserted: Hardhat's
 * chain stops at Isthmus (its GasPriceOracle has no isJovian) where Sequin's new chain runs Jovian, whose
 * receipts add `daFootprintGasScalar`; Hardhat's blocks have no L1-attributes deposit, Sequin's all open with one.
 */
import { createPublicClient, encodeFunctionData, type Hex, http, parseAbi, parseEther, serializeTransaction } from 'viem';
import { publicActionsL2 } from 'viem/op-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { cleanupHardhatNodes, type HardhatNode, startHardhatNode } from '../../src/testing/tools/startHardhatNode.js';
import { DEV_ACCOUNTS, pollReceipt, rpcError, rpcResult, waitForBlockAfter } from './helpers.js';

const L1_BLOCK: Hex = '0x4200000000000000000000000000000000000015';
const GAS_PRICE_ORACLE: Hex = '0x420000000000000000000000000000000000000f';
/** L1Block's slots the L1 fee reads: basefee (1), the Ecotone scalars with the sequence number (3), blobBaseFee (7). */
const FEE_SLOTS = [1, 3, 7];
const oracle = parseAbi(['function getL1Fee(bytes) view returns (uint256)', 'function isJovian() view returns (bool)']);

let sequin: NodeProcess;
let hardhat: HardhatNode;

beforeAll(async () => {
  [sequin, hardhat] = await Promise.all([
    startNodeProcess({ args: ['--network', 'optimism', '--mining', 'instant', '--l1-base-fee', '30000000000', '--l1-blob-base-fee', '7000000'] }),
    startHardhatNode({ chainType: 'op' }),
  ]);
  // A first block sets Sequin's L1Block (genesis holds no L1 values); then Hardhat's gets the same fee slots.
  await rpcResult(sequin.url, 'evm_mine');
  await waitForBlockAfter(sequin.url, 0n);
  for (const slot of FEE_SLOTS) {
    const key = `0x${slot.toString(16).padStart(64, '0')}`;
    const value = await rpcResult<Hex>(sequin.url, 'eth_getStorageAt', [L1_BLOCK, key, 'latest']);
    await rpcResult(hardhat.url, 'hardhat_setStorageAt', [L1_BLOCK, key, value]);
  }
}, 120_000);
afterAll(async () => {
  await cleanupHardhatNodes();
  await cleanupNodeProcesses();
});

const client = (url: string) => createPublicClient({ transport: http(url, { retryCount: 0 }) }).extend(publicActionsL2());

/** The same transfer, fields fixed, so both nodes see the same bytes. */
const TRANSFER = {
  type: 'eip1559',
  chainId: 31337,
  nonce: 0,
  to: '0x0000000000000000000000000000000000C0FFEE',
  value: parseEther('0.5'),
  gas: 21_000n,
  maxFeePerGas: 10_000_000_000n,
  maxPriorityFeePerGas: 1_000_000n,
  data: '0x',
} as const;

describe("Sequin's OP mode and Hardhat 3's op chain type, same L1 parameters", () => {
  it('quote the same L1 fee: GasPriceOracle.getL1Fee, viem getL1BaseFee and estimateL1Fee', async () => {
    const unsigned = serializeTransaction(TRANSFER);
    const data = encodeFunctionData({ abi: oracle, functionName: 'getL1Fee', args: [unsigned] });
    const [sequinFee, hardhatFee] = await Promise.all(
      [sequin.url, hardhat.url].map(async (url) => BigInt(await rpcResult<Hex>(url, 'eth_call', [{ to: GAS_PRICE_ORACLE, data }, 'latest']))),
    );
    expect(sequinFee).toBeGreaterThan(10n ** 10n);
    expect(hardhatFee).toBe(sequinFee);

    const [sequinBaseFee, hardhatBaseFee] = await Promise.all([client(sequin.url).getL1BaseFee(), client(hardhat.url).getL1BaseFee()]);
    expect(sequinBaseFee).toBe(30_000_000_000n);
    expect(hardhatBaseFee).toBe(sequinBaseFee);

    const request = { account: DEV_ACCOUNTS[9]!.address, ...TRANSFER, chain: null } as const;
    const { type: _type, chainId: _chainId, ...fields } = request;
    const [sequinEstimate, hardhatEstimate] = await Promise.all([
      client(sequin.url).estimateL1Fee({ ...fields, chainId: 31337 } as never),
      client(hardhat.url).estimateL1Fee({ ...fields, chainId: 31337 } as never),
    ]);
    expect(sequinEstimate).toBe(sequinFee);
    expect(hardhatEstimate).toBe(sequinEstimate);
  });

  it('charge the same signed transaction the same L1 fee, and show the same L1 receipt fields', async () => {
    const sender = DEV_ACCOUNTS[8]!;
    const raw = await sender.signTransaction(TRANSFER);
    const outcomes = await Promise.all(
      [sequin.url, hardhat.url].map(async (url) => {
        const before = BigInt(await rpcResult<Hex>(url, 'eth_getBalance', [sender.address, 'latest']));
        const hash = await rpcResult<Hex>(url, 'eth_sendRawTransaction', [raw]);
        await pollReceipt(url, hash);
        const receipt = await rpcResult<Record<string, Hex>>(url, 'eth_getTransactionReceipt', [hash]);
        const after = BigInt(await rpcResult<Hex>(url, 'eth_getBalance', [sender.address, 'latest']));
        return { receipt, charged: before - after };
      }),
    );
    const [ours, theirs] = outcomes as [(typeof outcomes)[0], (typeof outcomes)[0]];
    const l1Fields = ['l1Fee', 'l1GasUsed', 'l1GasPrice', 'l1BlobBaseFee', 'l1BaseFeeScalar', 'l1BlobBaseFeeScalar'];
    const pick = (receipt: Record<string, Hex>) =>
      Object.fromEntries(l1Fields.map((field) => [field, receipt[field] === undefined ? undefined : BigInt(receipt[field]!)]));
    expect(pick(ours.receipt).l1Fee).toBeGreaterThan(10n ** 10n);
    expect(pick(theirs.receipt)).toEqual(pick(ours.receipt));
    for (const { receipt, charged } of outcomes) {
      expect(charged).toBe(TRANSFER.value + BigInt(receipt.gasUsed!) * BigInt(receipt.effectiveGasPrice!) + BigInt(receipt.l1Fee!));
    }

    // By design: Sequin's new chain runs Jovian (its receipts carry the DA footprint scalar), Hardhat's Isthmus.
    expect(ours.receipt.daFootprintGasScalar).toBeDefined();
    expect(theirs.receipt.daFootprintGasScalar).toBeUndefined();
    const isJovian = encodeFunctionData({ abi: oracle, functionName: 'isJovian' });
    expect(await rpcResult<Hex>(sequin.url, 'eth_call', [{ to: GAS_PRICE_ORACLE, data: isJovian }, 'latest'])).toBe(`0x${'0'.repeat(63)}1`);
    expect((await rpcError(hardhat.url, 'eth_call', [{ to: GAS_PRICE_ORACLE, data: isJovian }, 'latest'])).code).toBe(3);
  });

  it("differ by design in blocks: Sequin's open with the L1-attributes deposit, Hardhat's have none", async () => {
    const [ours, theirs] = await Promise.all(
      [sequin.url, hardhat.url].map((url) => rpcResult<{ transactions: Array<{ type: Hex; to: Hex }> }>(url, 'eth_getBlockByNumber', ['latest', true])),
    );
    expect(ours!.transactions[0]).toMatchObject({ type: '0x7e', to: L1_BLOCK });
    expect(theirs!.transactions.map((transaction) => transaction.type)).toEqual(['0x2']);
  });
});
