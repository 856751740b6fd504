import type { Common } from '@ethereumjs/common';

/**
 * EIP-4844's blob base fee for a block with `excessBlobGas`: minimum price × e^(excess / update
 * fraction), with the EIP's integer approximation of the exponential.
 */
export function blobBaseFeeOf(common: Common, excessBlobGas: bigint): bigint {
  const denominator = common.param('blobGasPriceUpdateFraction');
  let total = 0n;
  let term = common.param('minBlobGas') * denominator;
  for (let index = 1n; term > 0n; index++) {
    total += term;
    term = (term * excessBlobGas) / (denominator * index);
  }
  return total / denominator;
}

/**
 * The excess blob gas of the block after `parent`, under the child's rules (EIP-4844; with
 * EIP-7918, when execution gas is dear relative to blob gas, the excess grows by the blobs used
 * beyond the target instead of falling).
 */
export function nextExcessBlobGas(parent: { excessBlobGas: bigint; blobGasUsed: bigint; baseFeePerGas: bigint }, childCommon: Common): bigint {
  const { targetBlobGasPerBlock: target, maxBlobGasPerBlock: max } = childCommon.getBlobGasSchedule();
  const { excessBlobGas, blobGasUsed } = parent;
  if (excessBlobGas + blobGasUsed < target) return 0n;
  if (childCommon.isActivatedEIP(7918)) {
    const reserve = childCommon.param('blobBaseCost') * parent.baseFeePerGas;
    if (reserve > childCommon.param('blobGasPerBlob') * blobBaseFeeOf(childCommon, excessBlobGas)) {
      return excessBlobGas + (blobGasUsed * (max - target)) / max;
    }
  }
  return excessBlobGas + blobGasUsed - target;
}
