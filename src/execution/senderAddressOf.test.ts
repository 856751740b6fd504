import { createTxFromRLP } from '@ethereumjs/tx';
import { Account } from '@ethereumjs/util';
import { type Hex, hexToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createChainCommon } from '../config/chainCommon.js';
import { keccak256 } from '../primitives/keccak.js';
import { toExecutionBlock } from './BlockEnvironment.js';
import { createExecutionVm } from './createExecutionVm.js';
import { executeTransaction } from './executeTransaction.js';
import type { StateReader } from './StateReader.js';
import { rememberSenderAddress } from './senderAddressOf.js';

const common = createChainCommon(31337n);
const sender = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const recorder = '0x00000000000000000000000000000000000c0de5';
// CALLER PUSH1 0 SSTORE ORIGIN PUSH1 1 SSTORE STOP: stores who called it and who sent the transaction.
const RECORDER_CODE = new Uint8Array([0x33, 0x60, 0x00, 0x55, 0x32, 0x60, 0x01, 0x55, 0x00]);
const RECORDER_CODE_HASH = keccak256(RECORDER_CODE);

const state: StateReader = {
  account: (address) =>
    address === sender.address.slice(2).toLowerCase()
      ? new Account(0n, 10n ** 20n)
      : address === recorder.slice(2)
        ? new Account(1n, 0n, undefined, RECORDER_CODE_HASH)
        : undefined,
  storage: () => new Uint8Array(0),
  code: (codeHash) => (codeHash === Buffer.from(RECORDER_CODE_HASH).toString('hex') ? RECORDER_CODE : new Uint8Array(0)),
};

async function signedCall() {
  const raw = await sender.signTransaction({
    chainId: 31337,
    nonce: 0,
    to: recorder,
    value: 5n,
    gas: 100_000n,
    maxFeePerGas: 10n ** 10n,
    maxPriorityFeePerGas: 1n,
  });
  return createTxFromRLP(hexToBytes(raw as Hex), { common });
}

describe('rememberSenderAddress', () => {
  it('gives runTx the remembered sender, recovering nothing, and changes nothing it executes', async () => {
    const remembered = await signedCall();
    rememberSenderAddress(remembered, hexToBytes(sender.address));
    expect(remembered.getSenderAddress()).toBe(remembered.getSenderAddress());
    expect(remembered.getSenderAddress().toString()).toBe(sender.address.toLowerCase());

    const recovered = await signedCall();
    expect(recovered.getSenderAddress()).not.toBe(recovered.getSenderAddress());
    const block = toExecutionBlock(common, {
      number: 1n,
      timestamp: 1n,
      gasLimit: 30_000_000n,
      baseFeePerGas: 7n,
      coinbase: new Uint8Array(20),
      parentHash: new Uint8Array(32),
    });
    const runs = [];
    for (const transaction of [remembered, recovered]) {
      const execution = await createExecutionVm(common, state, () => undefined);
      execution.state.reset(state);
      const executed = await executeTransaction(execution, block, transaction, 0n);
      expect(executed.transaction).toBe(transaction);
      runs.push({ executed: { ...executed, transaction: undefined }, changes: execution.state.takeChanges() });
    }
    expect(runs[0]).toEqual(runs[1]);
    const slots = runs[0]!.changes.storage.get(recorder.slice(2))!;
    expect([...slots.values()].map((value) => Buffer.from(value).toString('hex'))).toEqual([
      sender.address.slice(2).toLowerCase(),
      sender.address.slice(2).toLowerCase(),
    ]);
  });
});
