import type { Common } from '@ethereumjs/common';
import { opStackOf } from '../config/ScheduledCommon.js';
import { type BaseFeeParameters, ETHEREUM_BASE_FEE } from './BaseFeeParameters.js';
import { decodeOpExtraData } from './opExtraData.js';
import type { StoredBlock } from './records.js';

/**
 * The EIP-1559 base fee of the block after `parent`: it moves by at most 1/denominator per block toward
 * keeping gas used at the gas target (gas limit / elasticity); never below `minBaseFee`.
 */
export function nextBaseFee(parent: { baseFeePerGas: bigint; gasUsed: bigint; gasLimit: bigint }, parameters: BaseFeeParameters = ETHEREUM_BASE_FEE): bigint {
  const target = parent.gasLimit / parameters.elasticity;
  const { baseFeePerGas, gasUsed } = parent;
  let next: bigint;
  if (target === 0n || gasUsed === target) next = baseFeePerGas;
  else if (gasUsed > target) {
    const delta = (baseFeePerGas * (gasUsed - target)) / target / parameters.denominator;
    next = baseFeePerGas + (delta > 1n ? delta : 1n);
  } else next = baseFeePerGas - (baseFeePerGas * (target - gasUsed)) / target / parameters.denominator;
  return next < parameters.minBaseFee ? parameters.minBaseFee : next;
}

/**
 * The base fee of the block at `timestamp` after the stored `parent`, by the chain's rules: Ethereum's
 * parameters, or an OP Stack chain's as op-geth's CalcBaseFee takes them — its configured elasticity and
 * (from Canyon) denominator, from Holocene the parent header's extraData (and from Jovian its minimum base
 * fee, with the gas metered as the larger of gas used and blob gas used, the DA footprint).
 */
export function nextBaseFeeAfter(common: Common, parent: StoredBlock, timestamp: bigint): bigint {
  const chain = opStackOf(common);
  const base = { baseFeePerGas: BigInt(parent.baseFeePerGas ?? 0), gasUsed: BigInt(parent.gasUsed), gasLimit: BigInt(parent.gasLimit) };
  if (chain === undefined) return nextBaseFee(base);
  const parentTime = BigInt(parent.timestamp);
  const fromExtraData = parentTime >= chain.forks.holocene ? decodeOpExtraData(parent.extraData) : undefined;
  const denominator = timestamp >= chain.forks.canyon ? chain.eip1559.denominator : chain.eip1559.denominatorPreCanyon;
  const parameters: BaseFeeParameters = fromExtraData ?? { elasticity: chain.eip1559.elasticity, denominator, minBaseFee: 0n };
  const jovian = parentTime >= chain.forks.jovian;
  const blobGasUsed = BigInt(parent.blobGasUsed ?? 0);
  const gasUsed = jovian && blobGasUsed > base.gasUsed ? blobGasUsed : base.gasUsed;
  return nextBaseFee({ ...base, gasUsed }, jovian ? parameters : { ...parameters, minBaseFee: 0n });
}
