/**
 * The L1 data fee an OP Stack chain charges a (non-deposit) transaction, and the gas figures its receipt
 * shows, as op-geth computes them (core/types/rollup_cost.go; the OP Stack specs' exec-engine pages):
 *
 *   Bedrock/Regolith  (zeroes·4 + ones·16 [+ 68·16 before Regolith] + overhead) · l1BaseFee · scalar / 1e6
 *   Ecotone           calldataGas · (l1BaseFee·16·baseFeeScalar + blobBaseFee·blobBaseFeeScalar) / 16e6
 *   Fjord             max(100e6, −42,585,600 + 836,500 · fastLzSize(tx)) · (same fee per byte) / 1e12
 *
 * The first Ecotone block, whose L1Block still holds Bedrock values (no blob base fee, no scalars), uses
 * the Bedrock function, as op-geth does. The input is the transaction's EIP-2718 encoding (signature
 * included). The values come from L1Block's storage after the block's L1-attributes deposit (see
 * l1BlockValues.ts). The Isthmus operator fee is operatorFee.ts.
 */
import { fastLzCompressedLength } from './fastLz.js';

/** What an L1 cost function needs of a transaction (op-geth's RollupCostData). */
export interface RollupCostData {
  zeroes: bigint;
  ones: bigint;
  fastLzSize: bigint;
}

/** The L1 fee parameters as L1Block holds them. */
export interface L1FeeParameters {
  l1BaseFee: bigint;
  l1BlobBaseFee: bigint;
  baseFeeScalar: bigint;
  blobBaseFeeScalar: bigint;
  /** Bedrock's overhead and scalar (L1Block slots 5 and 6). */
  overhead: bigint;
  scalar: bigint;
}

/** Which formula applies: the chain's OP fork at the block's timestamp. */
export interface L1CostRules {
  regolith: boolean;
  ecotone: boolean;
  fjord: boolean;
}

/** The fee, and what receipts show as `l1GasUsed`. */
export interface L1Cost {
  fee: bigint;
  gasUsed: bigint;
}

const FJORD_INTERCEPT = -42_585_600n;
const FJORD_FASTLZ_COEFFICIENT = 836_500n;
const MIN_TRANSACTION_SIZE_SCALED = 100n * 1_000_000n;

/** The cost data of a transaction's EIP-2718 encoding. */
export function rollupCostDataOf(encoded: Uint8Array): RollupCostData {
  let zeroes = 0n;
  for (const byte of encoded) if (byte === 0) zeroes++;
  return { zeroes, ones: BigInt(encoded.length) - zeroes, fastLzSize: BigInt(fastLzCompressedLength(encoded)) };
}

/** Fjord's estimate of a transaction's compressed size on L1, scaled by 1e6 (at least 100 bytes). */
export function fjordEstimatedSize(fastLzSize: bigint): bigint {
  const estimated = FJORD_INTERCEPT + FJORD_FASTLZ_COEFFICIENT * fastLzSize;
  return estimated < MIN_TRANSACTION_SIZE_SCALED ? MIN_TRANSACTION_SIZE_SCALED : estimated;
}

/** The L1 data fee of a transaction with `data` under `rules` and `parameters`. */
export function l1CostOf(data: RollupCostData, parameters: L1FeeParameters, rules: L1CostRules): L1Cost {
  const firstEcotoneBlock = rules.ecotone && parameters.l1BlobBaseFee === 0n && parameters.baseFeeScalar === 0n && parameters.blobBaseFeeScalar === 0n;
  if (!rules.ecotone || firstEcotoneBlock) return bedrockCost(data, parameters, rules.regolith);
  const feePerByte = parameters.l1BaseFee * 16n * parameters.baseFeeScalar + parameters.l1BlobBaseFee * parameters.blobBaseFeeScalar;
  if (rules.fjord) {
    const size = fjordEstimatedSize(data.fastLzSize);
    return { fee: (size * feePerByte) / 1_000_000_000_000n, gasUsed: (size * 16n) / 1_000_000n };
  }
  const calldataGas = data.zeroes * 4n + data.ones * 16n;
  return { fee: (calldataGas * feePerByte) / 16_000_000n, gasUsed: calldataGas };
}

function bedrockCost(data: RollupCostData, parameters: L1FeeParameters, regolith: boolean): L1Cost {
  const gas = data.zeroes * 4n + (regolith ? data.ones : data.ones + 68n) * 16n + parameters.overhead;
  return { fee: (gas * parameters.l1BaseFee * parameters.scalar) / 1_000_000n, gasUsed: gas };
}

/**
 * The cost data of an unsigned transaction (its signing payload) as the GasPriceOracle's `getL1Fee`
 * counts it, and so viem's `estimateL1Fee`: the signature it will carry adds 68 non-zero bytes, which
 * FastLZ cannot compress.
 */
export function unsignedRollupCostDataOf(unsigned: Uint8Array): RollupCostData {
  const data = rollupCostDataOf(unsigned);
  return { zeroes: data.zeroes, ones: data.ones + UNSIGNED_PADDING, fastLzSize: data.fastLzSize + UNSIGNED_PADDING };
}

const UNSIGNED_PADDING = 68n;
