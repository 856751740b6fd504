import { createTx } from '@ethereumjs/tx';
import { hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { createChainCommon } from '../config/chainCommon.js';
import { GWEI, TEST_CHAIN_ID, TEST_RECIPIENT, testRules, testSigner } from '../testing/signedTransactions.js';
import { decodeNodeBuiltTransaction } from './decodeNodeBuiltTransaction.js';
import { decodeRawTransaction, MAX_TRANSACTION_BYTES } from './decodeRawTransaction.js';

const rules = testRules();
const signer = testSigner(0);

/** A transaction signed with the signer's key, as eth_sendTransaction builds one (here under `rules.common`). */
function signedByNode(data: Uint8Array = new Uint8Array(0), common = rules.common) {
  return createTx(
    { type: 2, nonce: 4n, gasLimit: 1_000_000n, to: TEST_RECIPIENT, data, maxFeePerGas: 3n * GWEI, maxPriorityFeePerGas: GWEI, chainId: TEST_CHAIN_ID },
    { common },
  ).sign(hexToBytes(signer.privateKey));
}

describe('a transaction the node signed itself enters the pool without being decoded again', () => {
  it('in the same pool form as its raw bytes through eth_sendRawTransaction: hash, sender, bytes, nonce, fees', () => {
    const transaction = signedByNode(new Uint8Array([1, 2, 3]));
    const built = decodeNodeBuiltTransaction(transaction, hexToBytes(signer.account.address), rules, false);
    const raw = decodeRawTransaction(transaction.serialize(), rules);
    if (!built.valid || !raw.valid) throw new Error('refused');
    const { transaction: _a, ...builtForm } = built.value;
    const { transaction: _b, ...rawForm } = raw.value;
    expect(builtForm).toEqual(rawForm);
    expect(built.value.sender).toBe(signer.key);
    expect(built.value.impersonated).toBeUndefined();
  });

  it("keeps geth's size limit (oversized data), which an impersonated one does not have", () => {
    const transaction = signedByNode(new Uint8Array(MAX_TRANSACTION_BYTES));
    const outcome = decodeNodeBuiltTransaction(transaction, hexToBytes(signer.account.address), rules, false);
    expect(outcome.valid ? 'accepted' : outcome.reason).toEqual({ kind: 'oversizedData', size: transaction.serialize().length, limit: MAX_TRANSACTION_BYTES });
  });

  it("is decoded under the pending block's rules where they are not the fork it was built under", () => {
    const berlin = createChainCommon(TEST_CHAIN_ID, 'berlin');
    const outcome = decodeNodeBuiltTransaction(signedByNode(), hexToBytes(signer.account.address), { ...rules, pendingRules: () => berlin }, false);
    expect(outcome.valid ? 'accepted' : outcome.reason).toEqual({ kind: 'typeBeforeFork', type: 2, fork: 'London' });
  });
});
