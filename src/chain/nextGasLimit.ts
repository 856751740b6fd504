/** EIP-1559's elasticity: the first London block's gas limit is measured against twice its parent's. */
const ELASTICITY_MULTIPLIER = 2n;
/** A block's gas limit may differ from its parent's by less than parent / 1024. */
const GAS_LIMIT_BOUND_DIVISOR = 1024n;
const MIN_GAS_LIMIT = 5000n;

/**
 * The gas limit of the block after one with `parentGasLimit`, moving toward `desired` as far as the
 * protocol allows in one block (geth's CalcGasLimit, which its miner uses): by at most parent / 1024 − 1.
 * At the London switch the parent's limit counts double (EIP-1559), so the gas target stays where it was.
 */
export function nextGasLimit(parentGasLimit: bigint, desired: bigint, londonSwitch: boolean): bigint {
  const parent = londonSwitch ? parentGasLimit * ELASTICITY_MULTIPLIER : parentGasLimit;
  const target = desired < MIN_GAS_LIMIT ? MIN_GAS_LIMIT : desired;
  const delta = parent / GAS_LIMIT_BOUND_DIVISOR - 1n;
  if (parent < target) return parent + delta > target ? target : parent + delta;
  if (parent > target) return parent - delta < target ? target : parent - delta;
  return parent;
}
