import { decodeFunctionResult, encodeFunctionData, parseAbi, parseTransaction, serializeTransaction, type Hex as ViemHex } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesToHex, type Hex, hexToBytes } from '../../primitives/hex.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { preconfirm, sealBlock } from '../../testing/driveChain.js';
import { ManualClock } from '../../testing/ManualClock.js';
import { signTestTransaction } from '../../testing/sendTestTransaction.js';
import { fastLzCompressedLength } from './fastLz.js';
import { l1CostOf, rollupCostDataOf } from './l1Cost.js';

const GAS_PRICE_ORACLE = '0x420000000000000000000000000000000000000f';
const L1_BLOCK = '0x4200000000000000000000000000000000000015';
const L1_FEE_VAULT = '0x420000000000000000000000000000000000001a';
const BASE_FEE_VAULT = '0x4200000000000000000000000000000000000019';
const SEQUENCER_FEE_VAULT = '0x4200000000000000000000000000000000000011';
const gasPriceOracle = parseAbi([
  'function getL1Fee(bytes) view returns (uint256)',
  'function isJovian() view returns (bool)',
  'function version() view returns (string)',
]);
const l1Block = parseAbi([
  'function basefee() view returns (uint256)',
  'function number() view returns (uint64)',
  'function sequenceNumber() view returns (uint64)',
]);
const PENDING = { kind: 'tag', tag: 'pending' } as const;
const LATEST = { kind: 'tag', tag: 'latest' } as const;

let chain: TestChain | undefined;

/** A chain of `--network base` whose clock is past Base's last fork (Jovian), as a new chain is today. */
function baseChain(overrides: Parameters<typeof createTestChain>[0] = {}): Promise<TestChain> {
  return createTestChain({ network: 'base', ...overrides }, { clock: new ManualClock({ awaitReschedule: true, startMs: 1_800_000_000_000 }) });
}
afterEach(async () => {
  await chain?.close();
  chain = undefined;
});

async function call(target: TestChain, to: Hex, data: ViemHex, block: typeof PENDING | typeof LATEST = LATEST): Promise<ViemHex> {
  return bytesToHex(await target.backend.calls.call({ to: hexToBytes(to), data: hexToBytes(data) }, block)) as ViemHex;
}

function balance(target: TestChain, address: Hex, block: typeof PENDING | typeof LATEST = LATEST): bigint {
  return target.backend.state.getBalance(hexToBytes(address), block);
}

describe('an OP Stack chain (--network base), in process', () => {
  it('opens every block with the L1-attributes deposit, which sets L1Block', async () => {
    chain = await baseChain({ l1BaseFee: 7_000_000_000n });
    const number = await sealBlock(chain);
    const block = chain.backend.blocks.getBlock({ kind: 'number', number: BigInt(number) }, true)!;
    expect(block.transactions).toHaveLength(1);
    const deposit = block.transactions[0]!;
    expect(deposit).toMatchObject({ type: '0x7e', from: '0xdeaddeaddeaddeaddeaddeaddeaddeaddead0001', to: L1_BLOCK, gas: '0xf4240', mint: '0x0' });
    const basefee = decodeFunctionResult({
      abi: l1Block,
      functionName: 'basefee',
      data: await call(chain, L1_BLOCK, encodeFunctionData({ abi: l1Block, functionName: 'basefee' })),
    });
    expect(basefee).toBe(7_000_000_000n);
    const receipt = chain.backend.blocks.getTransactionReceipt(deposit.hash)!;
    expect(receipt).toMatchObject({ status: '0x1', depositNonce: deposit.nonce, depositReceiptVersion: '0x1', type: '0x7e', effectiveGasPrice: '0x0' });
    const isJovian = decodeFunctionResult({
      abi: gasPriceOracle,
      functionName: 'isJovian',
      data: await call(chain, GAS_PRICE_ORACLE, encodeFunctionData({ abi: gasPriceOracle, functionName: 'isJovian' })),
    });
    expect(isJovian).toBe(true);
  });

  it("charges a transaction the GasPriceOracle's L1 fee and credits the vaults", async () => {
    chain = await baseChain({ l1BaseFee: 20_000_000_000n, l1BlobBaseFee: 3_000_000n });
    await sealBlock(chain);
    const sender = chain.accounts[0]!;
    const { raw, hash } = await signTestTransaction(chain, sender, { to: '0x000000000000000000000000000000000000c0de', value: 12345n, gas: 21_000n });
    // The GasPriceOracle prices an unsigned transaction, adding 68 bytes for the signature (what viem's
    // estimateL1Fee asks it); the node charges the signed bytes, as op-geth does.
    const { r: _r, s: _s, v: _v, yParity: _y, ...unsignedFields } = parseTransaction(bytesToHex(raw) as ViemHex);
    const unsigned = hexToBytes(serializeTransaction(unsignedFields));
    const oracleFee = decodeFunctionResult({
      abi: gasPriceOracle,
      functionName: 'getL1Fee',
      data: await call(
        chain,
        GAS_PRICE_ORACLE,
        encodeFunctionData({ abi: gasPriceOracle, functionName: 'getL1Fee', args: [bytesToHex(unsigned) as ViemHex] }),
        PENDING,
      ),
    });
    const parameters = { l1BaseFee: 20_000_000_000n, l1BlobBaseFee: 3_000_000n, baseFeeScalar: 2269n, blobBaseFeeScalar: 1_055_762n, overhead: 0n, scalar: 0n };
    const fjord = { regolith: true, ecotone: true, fjord: true };
    // Our FastLZ and Fjord formula give the oracle's figure for the oracle's input …
    expect(l1CostOf({ ...rollupCostDataOf(unsigned), fastLzSize: BigInt(fastLzCompressedLength(unsigned) + 68) }, parameters, fjord).fee).toBe(oracleFee);
    const before = balance(chain, sender.address as Hex);
    const vaultsBefore = [L1_FEE_VAULT, BASE_FEE_VAULT, SEQUENCER_FEE_VAULT].map((vault) => balance(chain!, vault as Hex));
    await chain.intake.submit(raw);
    await sealBlock(chain);
    const receipt = chain.backend.blocks.getTransactionReceipt(hash)!;
    expect(receipt.status).toBe('0x1');
    const l1Fee = BigInt(receipt.l1Fee!);
    expect(l1Fee).toBeGreaterThan(0n);
    // … and the node charges the same formula on the signed bytes.
    expect(l1Fee).toBe(l1CostOf(rollupCostDataOf(raw), parameters, fjord).fee);
    expect(Number(l1Fee - oracleFee) / Number(oracleFee)).toBeLessThan(0.02);
    const gasUsed = BigInt(receipt.gasUsed);
    const price = BigInt(receipt.effectiveGasPrice);
    const block = chain.backend.blocks.getBlock({ kind: 'number', number: BigInt(receipt.blockNumber) }, false)!;
    const baseFee = BigInt(block.baseFeePerGas!);
    expect(balance(chain, sender.address as Hex)).toBe(before - 12345n - gasUsed * price - l1Fee);
    const vaultsAfter = [L1_FEE_VAULT, BASE_FEE_VAULT, SEQUENCER_FEE_VAULT].map((vault) => balance(chain!, vault as Hex));
    expect(vaultsAfter[0]! - vaultsBefore[0]!).toBe(l1Fee);
    expect(vaultsAfter[1]! - vaultsBefore[1]!).toBe(gasUsed * baseFee);
    expect(vaultsAfter[2]! - vaultsBefore[2]!).toBe(gasUsed * (price - baseFee));
    expect(receipt).toMatchObject({ l1GasPrice: '0x4a817c800', l1BlobBaseFee: '0x2dc6c0', l1BaseFeeScalar: '0x8dd', l1BlobBaseFeeScalar: '0x101c12' });
  });

  it('pre-confirms into the open block: its first transaction is the L1-attributes deposit', async () => {
    chain = await baseChain();
    await sealBlock(chain);
    const sender = chain.accounts[1]!;
    const { raw, hash } = await signTestTransaction(chain, sender, { to: '0x000000000000000000000000000000000000c0de', value: 1n, gas: 21_000n });
    await chain.intake.submit(raw);
    await preconfirm(chain);
    const pending = chain.backend.blocks.getBlock(PENDING, true)!;
    expect(pending.transactions.map((transaction) => transaction.type)).toEqual(['0x7e', '0x2']);
    expect(pending.transactions[1]!.hash).toBe(hash);
    const sequenceNumber = decodeFunctionResult({
      abi: l1Block,
      functionName: 'sequenceNumber',
      data: await call(chain, L1_BLOCK, encodeFunctionData({ abi: l1Block, functionName: 'sequenceNumber' }), PENDING),
    });
    expect(sequenceNumber).toBeGreaterThanOrEqual(0n);
  });
});
