import { createTxFromRLP } from '@ethereumjs/tx';
import { Account } from '@ethereumjs/util';
import fc from 'fast-check';
import { type Hex, hexToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createChainCommon } from '../config/chainCommon.js';
import { toExecutionBlock } from './BlockEnvironment.js';
import { createExecutionVm } from './createExecutionVm.js';
import { executeTransaction } from './executeTransaction.js';
import type { StateReader } from './StateReader.js';
import { tryFastTransfer } from './tryFastTransfer.js';

const common = createChainCommon(31337n);
const senderKey: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const sender = privateKeyToAccount(senderKey);
const coinbase = new Uint8Array(20).fill(0xcb);
const existing = '0x00000000000000000000000000000000000e1157';
const emptyExisting = '0x00000000000000000000000000000000000e3737';
const fresh = '0x00000000000000000000000000000000000f2e54';
const gwei = 1_000_000_000n;

function baseState(senderBalance: bigint, coinbaseBalance: bigint): StateReader {
  const accounts = new Map<string, Account>([
    [sender.address.slice(2).toLowerCase(), new Account(0n, senderBalance)],
    [existing.slice(2), new Account(3n, 5n)],
    [emptyExisting.slice(2), new Account(0n, 0n)],
  ]);
  if (coinbaseBalance > 0n) accounts.set(Buffer.from(coinbase).toString('hex'), new Account(0n, coinbaseBalance));
  return { account: (address) => accounts.get(address), storage: () => new Uint8Array(0), code: () => new Uint8Array(0) };
}

/** The resulting state of every account a transfer can touch (a deleted and an absent account read the same). */
function summary(state: StateReader): Record<string, string> {
  const out: Record<string, string> = {};
  for (const address of [sender.address, existing, emptyExisting, fresh, `0x${Buffer.from(coinbase).toString('hex')}`]) {
    const account = state.account(address.slice(2).toLowerCase());
    out[address] = account ? `${account.nonce}/${account.balance}` : 'absent';
  }
  return out;
}

describe('tryFastTransfer', () => {
  it('has exactly the effects and receipt of runTx for value transfers', async () => {
    const evm = await createExecutionVm(common, baseState(0n, 0n), () => undefined);
    const fast = await createExecutionVm(common, baseState(0n, 0n), () => undefined);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          to: fc.constantFrom(existing, emptyExisting, fresh, sender.address),
          value: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 10n ** 18n })),
          type: fc.constantFrom('legacy', 'eip2930', 'eip1559'),
          tip: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 3n * gwei })),
          baseFee: fc.oneof(fc.constant(0n), fc.constant(7n), fc.constant(gwei)),
          gas: fc.constantFrom(21_000n, 50_000n),
          balance: fc.oneof(fc.constant(10n ** 20n), fc.constant(21_000n * 3n * gwei)),
          coinbaseBalance: fc.constantFrom(0n, 1n),
        }),
        async ({ to, value, type, tip, baseFee, gas, balance, coinbaseBalance }) => {
          const feeCap = baseFee + tip + gwei;
          const request = type === 'eip1559' ? { type, maxFeePerGas: feeCap, maxPriorityFeePerGas: tip } : { type, gasPrice: feeCap };
          const raw = await sender.signTransaction({ chainId: 31337, nonce: 0, to: to as Hex, value, gas, ...request } as Parameters<
            typeof sender.signTransaction
          >[0]);
          const transaction = createTxFromRLP(hexToBytes(raw), { common });
          const environment = { number: 1n, timestamp: 1n, gasLimit: 30_000_000n, baseFeePerGas: baseFee, coinbase, parentHash: new Uint8Array(32) };
          const state = baseState(balance, coinbaseBalance);
          evm.state.reset(state);
          fast.state.reset(state);

          const viaEvm = await executeTransaction(evm, toExecutionBlock(common, environment), transaction, 100n).then(
            (result) => ({ ok: true as const, result }),
            () => ({ ok: false as const }),
          );
          const viaFastPath = await tryFastTransfer(fast.state, environment, transaction, 100n).then(
            (result) => ({ ok: true as const, result }),
            () => ({ ok: false as const }),
          );
          expect(viaFastPath.ok).toBe(viaEvm.ok);
          if (!viaEvm.ok || !viaFastPath.ok) return;
          expect(viaFastPath.result).toBeDefined();
          const { transaction: _a, ...fastResult } = viaFastPath.result!;
          const { transaction: _b, ...evmResult } = viaEvm.result;
          expect(fastResult).toEqual(evmResult);
          expect(summary(fast.state.asReader())).toEqual(summary(evm.state.asReader()));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('declines transfers it cannot shortcut: calldata, access lists, precompile recipients, set-code txs', async () => {
    const fast = await createExecutionVm(common, baseState(10n ** 20n, 0n), () => undefined);
    const cases = [
      { to: existing as Hex, data: '0x01' as Hex, type: 'eip1559' as const },
      { to: existing as Hex, type: 'eip1559' as const, accessList: [{ address: existing as Hex, storageKeys: [] }] },
      { to: '0x0000000000000000000000000000000000000001' as Hex, type: 'eip1559' as const },
    ];
    for (const fields of cases) {
      const raw = await sender.signTransaction({ chainId: 31337, nonce: 0, gas: 100_000n, maxFeePerGas: 2n * gwei, maxPriorityFeePerGas: gwei, ...fields });
      const environment = { baseFeePerGas: gwei, coinbase };
      expect(await tryFastTransfer(fast.state, environment, createTxFromRLP(hexToBytes(raw), { common }), 0n)).toBeUndefined();
    }
  });
});
