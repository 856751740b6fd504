/** EIP-1559's parameters: the gas target is the gas limit / elasticity; a block moves the base fee by at most 1/denominator. */
export interface BaseFeeParameters {
  elasticity: bigint;
  denominator: bigint;
  /** The least base fee (an OP Stack chain from Jovian); 0 on Ethereum. */
  minBaseFee: bigint;
}

/** Ethereum's: elasticity 2, denominator 8. */
export const ETHEREUM_BASE_FEE: BaseFeeParameters = { elasticity: 2n, denominator: 8n, minBaseFee: 0n };
