/**
 * The L1-attributes deposit that opens every OP Stack block: a deposit from the depositor account
 * (0xDeaD…0001) to L1Block calling `setL1BlockValues{Ecotone,Isthmus,Jovian}` with the L1 origin's
 * number, time, base fee, blob base fee, hash and the SystemConfig's scalars and batcher (the specs'
 * protocol/deposits.md#l1-attributes-deposited-transaction and the per-fork l1-attributes.md pages):
 *
 *   selector ‖ baseFeeScalar u32 ‖ blobBaseFeeScalar u32 ‖ sequenceNumber u64 ‖ l1 timestamp u64 ‖
 *   l1 number u64 ‖ basefee u256 ‖ blobBaseFee u256 ‖ l1 hash b32 ‖ batcherHash b32
 *   [Isthmus: ‖ operatorFeeScalar u32 ‖ operatorFeeConstant u64]   [Jovian: ‖ daFootprintGasScalar u16]
 *
 * Gas 1,000,000, no mint, no value, not a system transaction (Regolith on). Its source hash is
 * keccak256(bytes32(1) ‖ keccak256(l1BlockHash ‖ bytes32(sequenceNumber))) (the "L1 info" domain).
 */
import type { Common } from '@ethereumjs/common';
import type { OpSystemConfig } from '../../config/opStack/OpStackChain.js';
import type { OpRules } from '../../config/opStack/opRules.js';
import { L1_ATTRIBUTES_DEPOSITOR, L1_BLOCK } from '../../config/opStack/predeployAddresses.js';
import { bigintToPaddedBytes, concatBytes, hexToBytes, padBytes } from '../../primitives/hex.js';
import { keccak256 } from '../../primitives/keccak.js';
import { DepositTransaction } from './DepositTransaction.js';

/** The L1 block an L2 block takes as its origin (simulated: execution/opStack/SimulatedL1.ts). */
export interface L1Origin {
  number: bigint;
  timestamp: bigint;
  baseFee: bigint;
  blobBaseFee: bigint;
  hash: Uint8Array;
}

/** What the L1-attributes deposit of one L2 block carries. */
export interface L1Attributes {
  origin: L1Origin;
  /** L2 blocks since the origin changed: 0 for the first block of an L1 origin. */
  sequenceNumber: bigint;
  systemConfig: OpSystemConfig;
}

const SELECTOR = {
  ecotone: Uint8Array.of(0x44, 0x0a, 0x5e, 0x20),
  isthmus: Uint8Array.of(0x09, 0x89, 0x99, 0xbe),
  jovian: Uint8Array.of(0x3d, 0xb6, 0xbe, 0x2b),
};

/** Jovian: a SystemConfig scalar of 0 is sent as the default. */
const DEFAULT_DA_FOOTPRINT_GAS_SCALAR = 400n;

export const L1_ATTRIBUTES_GAS = 1_000_000n;

/** The L1-attributes deposit of a block under `rules` (Ecotone or later). */
export function l1AttributesDeposit(attributes: L1Attributes, rules: OpRules, common: Common): DepositTransaction {
  return new DepositTransaction(
    {
      sourceHash: l1InfoSourceHash(attributes.origin.hash, attributes.sequenceNumber),
      from: hexToBytes(`0x${L1_ATTRIBUTES_DEPOSITOR}`),
      to: hexToBytes(`0x${L1_BLOCK}`),
      mint: 0n,
      value: 0n,
      gasLimit: L1_ATTRIBUTES_GAS,
      isSystemTx: false,
      data: l1AttributesCalldata(attributes, rules),
    },
    common,
  );
}

/** The calldata of `setL1BlockValues…` for the block's fork. */
export function l1AttributesCalldata(attributes: L1Attributes, rules: Pick<OpRules, 'isthmus' | 'jovian'>): Uint8Array {
  const { origin, systemConfig } = attributes;
  const parts: Uint8Array[] = [
    rules.jovian ? SELECTOR.jovian : rules.isthmus ? SELECTOR.isthmus : SELECTOR.ecotone,
    bigintToPaddedBytes(BigInt(systemConfig.baseFeeScalar), 4),
    bigintToPaddedBytes(BigInt(systemConfig.blobBaseFeeScalar), 4),
    bigintToPaddedBytes(attributes.sequenceNumber, 8),
    bigintToPaddedBytes(origin.timestamp, 8),
    bigintToPaddedBytes(origin.number, 8),
    bigintToPaddedBytes(origin.baseFee, 32),
    bigintToPaddedBytes(origin.blobBaseFee, 32),
    padBytes(origin.hash, 32),
    padBytes(hexToBytes(systemConfig.batcher), 32),
  ];
  if (rules.isthmus || rules.jovian)
    parts.push(bigintToPaddedBytes(BigInt(systemConfig.operatorFeeScalar), 4), bigintToPaddedBytes(systemConfig.operatorFeeConstant, 8));
  if (rules.jovian) {
    const scalar = BigInt(systemConfig.daFootprintGasScalar);
    parts.push(bigintToPaddedBytes(scalar === 0n ? DEFAULT_DA_FOOTPRINT_GAS_SCALAR : scalar, 2));
  }
  return concatBytes(parts);
}

/** The source hash of an L1-attributes deposit (domain 1). */
export function l1InfoSourceHash(l1BlockHash: Uint8Array, sequenceNumber: bigint): Uint8Array {
  const inner = keccak256(concatBytes([padBytes(l1BlockHash, 32), bigintToPaddedBytes(sequenceNumber, 32)]));
  return keccak256(concatBytes([bigintToPaddedBytes(1n, 32), inner]));
}
