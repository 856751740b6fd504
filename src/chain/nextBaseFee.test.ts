import { describe, expect, it } from 'vitest';
import { nextBaseFee } from './nextBaseFee.js';

const gwei = 1_000_000_000n;

describe('nextBaseFee', () => {
  it.each([
    ['unchanged at target', 15_000_000n, gwei],
    ['+12.5% for a full block', 30_000_000n, 1_125_000_000n],
    ['-12.5% for an empty block', 0n, 875_000_000n],
    ['proportional increase just above target', 15_000_001n, gwei + 8n],
  ])('%s', (_case, gasUsed, expected) => {
    expect(nextBaseFee({ baseFeePerGas: gwei, gasUsed, gasLimit: 30_000_000n })).toBe(expected);
  });

  it('rises by at least 1 wei above target, even when the proportional step rounds to zero', () => {
    expect(nextBaseFee({ baseFeePerGas: 7n, gasUsed: 15_000_001n, gasLimit: 30_000_000n })).toBe(8n);
  });
});
