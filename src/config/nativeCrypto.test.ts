import { createTx } from '@ethereumjs/tx';
import { bytesToHex, hexToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createChainCommon } from './chainCommon.js';

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

describe('the chain Common signs with native libsecp256k1', () => {
  it('gives the transaction viem signs for the same key and fields (RFC 6979: deterministic), and recovers its sender', async () => {
    const common = createChainCommon(31337n);
    const fields = { nonce: 3n, gasLimit: 21_000n, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 5n, chainId: 31337n } as const;
    for (const [type, fees] of [
      [2, { maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }],
      [0, { gasPrice: 2_000_000_000n }],
    ] as const) {
      const signed = createTx({ ...fields, type, ...fees }, { common }).sign(hexToBytes(KEY));
      const account = privateKeyToAccount(KEY);
      const viem = await account.signTransaction({
        to: fields.to,
        value: fields.value,
        gas: fields.gasLimit,
        nonce: 3,
        chainId: 31337,
        ...(type === 2 ? { type: 'eip1559', ...fees } : { type: 'legacy', ...fees }),
      } as never);
      expect(bytesToHex(signed.serialize())).toBe(viem);
      expect(signed.getSenderAddress().toString()).toBe(account.address.toLowerCase());
    }
  });
});
