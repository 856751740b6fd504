/**
 * The Isthmus operator fee (the specs' isthmus/exec-engine.md, changed by jovian/exec-engine.md):
 *
 *   Isthmus   gas · operatorFeeScalar / 1e6 + operatorFeeConstant
 *   Jovian    gas · operatorFeeScalar · 100 + operatorFeeConstant
 *
 * Bought with the gas limit before execution, the part for unused gas refunded after, the rest credited to
 * the OperatorFeeVault. Deposits pay none; before Isthmus there is none.
 */
export function operatorFee(gas: bigint, values: { operatorFeeScalar: bigint; operatorFeeConstant: bigint }, jovian: boolean): bigint {
  const scaled = jovian ? gas * values.operatorFeeScalar * 100n : (gas * values.operatorFeeScalar) / 1_000_000n;
  return scaled + values.operatorFeeConstant;
}
