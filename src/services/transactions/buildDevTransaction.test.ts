import { describe, expect, it } from 'vitest';
import { createChainCommon } from '../../config/chainCommon.js';
import { onTheWire } from '../../testing/onTheWire.js';
import { buildDevTransaction, type DevTransactionDefaults } from './buildDevTransaction.js';

const defaults: DevTransactionDefaults = {
  common: createChainCommon(31337n),
  chainId: 31337n,
  nonce: 3n,
  gasLimit: 21_000n,
  baseFeePerGas: 7n,
  suggestedTip: 1_000_000_000n,
  balance: 10n ** 22n,
};
const to = new Uint8Array(20).fill(1);

/** What `work` throws (fails the test when it throws nothing). */
function catchError(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('buildDevTransaction', () => {
  it("fills geth's fee defaults: tip = suggested, fee cap = tip + 2 × base fee; gasPrice makes a legacy tx", () => {
    const dynamic = buildDevTransaction({ to, value: 5n }, defaults);
    expect(dynamic).toMatchObject({ type: 2, nonce: 3n, gasLimit: 21_000n, value: 5n, maxPriorityFeePerGas: 1_000_000_000n, maxFeePerGas: 1_000_000_014n });
    expect(buildDevTransaction({ to, gasPrice: 9n }, defaults)).toMatchObject({ type: 0, gasPrice: 9n });
  });

  it.each<[string, Parameters<typeof buildDevTransaction>[0], Partial<DevTransactionDefaults>, string]>([
    ['a fee cap under the default tip', { to, maxFeePerGas: 95n }, {}, 'maxFeePerGas (95) < maxPriorityFeePerGas (1000000000)'],
    ['a fee cap under the given tip', { to, maxFeePerGas: 1n, maxPriorityFeePerGas: 2n }, {}, 'maxFeePerGas (1) < maxPriorityFeePerGas (2)'],
    [
      'a cost past 2^256 - 1',
      { to, maxFeePerGas: 2n ** 255n },
      { gasLimit: 80n },
      `insufficient funds for gas * price + value: balance ${10n ** 22n}, tx cost ${80n * 2n ** 255n}, overshot ${80n * 2n ** 255n - 10n ** 22n}`,
    ],
    ['a nonce at 2^64 - 1', { to }, { nonce: 2n ** 64n - 1n }, 'nonce has max value'],
  ])("refuses %s with geth's -32000 words", (_name, request, overrides, message) => {
    expect(onTheWire(catchError(() => buildDevTransaction(request, { ...defaults, ...overrides })))).toMatchObject({ code: -32000, message });
  });
});
