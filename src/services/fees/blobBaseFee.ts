import type { Common } from '@ethereumjs/common';

/**
 * The blob base fee of a block with `excessBlobGas` (EIP-4844): minBlobGas · e^(excess / update
 * fraction), with the EIP's integer approximation, from the chain's hardfork parameters. The chain
 * accepts no blob transactions, so its blocks' excessBlobGas stays 0 and this is the minimum, 1 wei.
 */
export function blobBaseFee(common: Common, excessBlobGas: bigint): bigint {
  return fakeExponential(common.param('minBlobGas'), excessBlobGas, common.param('blobGasPriceUpdateFraction'));
}

/** EIP-4844's fake_exponential: factor · e^(numerator / denominator) by Taylor series, in integers. */
export function fakeExponential(factor: bigint, numerator: bigint, denominator: bigint): bigint {
  let output = 0n;
  let accumulator = factor * denominator;
  for (let index = 1n; accumulator > 0n; index++) {
    output += accumulator;
    accumulator = (accumulator * numerator) / (denominator * index);
  }
  return output / denominator;
}
