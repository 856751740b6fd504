/**
 * The EIP-1559 base fee of the block after `parent`: it moves by at most 1/8 per block toward
 * keeping gas used at half the gas limit (elasticity 2, change denominator 8).
 */
export function nextBaseFee(parent: { baseFeePerGas: bigint; gasUsed: bigint; gasLimit: bigint }): bigint {
  const target = parent.gasLimit / 2n;
  const { baseFeePerGas, gasUsed } = parent;
  if (target === 0n || gasUsed === target) return baseFeePerGas;
  if (gasUsed > target) {
    const delta = (baseFeePerGas * (gasUsed - target)) / target / 8n;
    return baseFeePerGas + (delta > 1n ? delta : 1n);
  }
  return baseFeePerGas - (baseFeePerGas * (target - gasUsed)) / target / 8n;
}
