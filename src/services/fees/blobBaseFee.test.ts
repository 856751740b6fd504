import { createBlockHeader } from '@ethereumjs/block';
import { describe, expect, it } from 'vitest';
import { createChainCommon } from '../../config/chainCommon.js';
import { blobBaseFee } from './blobBaseFee.js';

describe('blobBaseFee', () => {
  const common = createChainCommon(31337n);

  it('equals the blob gas price ethereumjs computes for a header, at any excess blob gas', () => {
    for (const excessBlobGas of [0n, 1n, 131_072n, 3_338_477n, 10_000_000n, 100_000_000n]) {
      const header = createBlockHeader({ number: 1n, excessBlobGas, blobGasUsed: 0n, baseFeePerGas: 7n }, { common });
      expect(blobBaseFee(common, excessBlobGas)).toBe(header.getBlobGasPrice());
    }
  });

  it('is 1 wei with no excess blob gas, and grows with it', () => {
    expect(blobBaseFee(common, 0n)).toBe(1n);
    expect(blobBaseFee(common, 100_000_000n)).toBeGreaterThan(1n);
  });
});
