// Impersonated transactions carry Anvil's zero signature and hash (keccak256 of the network
// encoding followed by the sender). The vectors below were produced by Anvil 1.7.1 for the same
// fields (anvil_impersonateAccount, then eth_sendTransaction with every field given, read back with
// eth_getRawTransactionByHash); test/e2e/devImpersonation.test.ts compares against a live Anvil.

import { createTx, createTxFromRLP } from '@ethereumjs/tx';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createChainCommon } from '../config/chainCommon.js';
import { bytesToHex, hexToBytes } from '../primitives/hex.js';
import { decodeStoredTransaction, impersonate, impersonatedSenderOf } from './impersonatedTransaction.js';

const common = createChainCommon(31337n);
const SENDER = hexToBytes('0x1000000000000000000000000000000000000001');
const TO = '0x2000000000000000000000000000000000000002';

const ANVIL_EIP1559 = {
  raw: '0x02e8827a69800184773594008252089420000000000000000000000000000000000000020180c0808080',
  hash: '0x22d49c52c9317ce46a9d9423cd4d66df2c184b080241434140a8bfbc2dcfb19e',
};
const ANVIL_LEGACY = {
  raw: '0xe5018477359400825208942000000000000000000000000000000000000002018082f4f58080',
  hash: '0x3ef5659fc583377968ecf4f6863f8b716db1379c74462f3be2a747205f67074f',
};

function unsignedEip1559() {
  return createTx(
    { type: 2, chainId: 31337n, nonce: 0n, maxFeePerGas: 0x77359400n, maxPriorityFeePerGas: 1n, gasLimit: 21_000n, to: TO, value: 1n },
    { common },
  );
}

function unsignedLegacy() {
  return createTx({ type: 0, nonce: 1n, gasPrice: 0x77359400n, gasLimit: 21_000n, to: TO, value: 1n }, { common });
}

describe('impersonated transactions', () => {
  it.each([
    ['EIP-1559', unsignedEip1559, ANVIL_EIP1559],
    ['legacy EIP-155', unsignedLegacy, ANVIL_LEGACY],
  ])('%s: same bytes and hash as Anvil, sent as the given address', (_kind, build, anvil) => {
    const transaction = impersonate(build(), SENDER);
    expect(bytesToHex(transaction.serialize())).toBe(anvil.raw);
    expect(bytesToHex(transaction.hash())).toBe(anvil.hash);
    expect(transaction.getSenderAddress().toString()).toBe(bytesToHex(SENDER));
    expect(impersonatedSenderOf(transaction)?.toString()).toBe(bytesToHex(SENDER));
  });

  it('hash in the sender: two addresses sending the same fields get two hashes', () => {
    const other = impersonate(unsignedEip1559(), hexToBytes('0x1000000000000000000000000000000000000002'));
    expect(bytesToHex(other.hash())).not.toBe(ANVIL_EIP1559.hash);
  });

  it('decode again from stored bytes and sender to the same transaction', () => {
    const decoded = decodeStoredTransaction(hexToBytes(ANVIL_LEGACY.raw), SENDER, common);
    expect(bytesToHex(decoded.hash())).toBe(ANVIL_LEGACY.hash);
    expect(decoded.getSenderAddress().toString()).toBe(bytesToHex(SENDER));
    expect(decoded.nonce).toBe(1n);
  });

  it('leave a signed transaction alone when decoding: its sender is recovered, the stored `from` is not trusted', async () => {
    const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    const raw = await privateKeyToAccount(key).signTransaction({
      chainId: 31337,
      type: 'eip1559',
      nonce: 0,
      to: TO,
      gas: 21_000n,
      maxFeePerGas: 2n,
      maxPriorityFeePerGas: 1n,
    });
    const decoded = decodeStoredTransaction(hexToBytes(raw), SENDER, common);
    expect(impersonatedSenderOf(decoded)).toBeUndefined();
    expect(decoded.getSenderAddress().toString()).toBe(privateKeyToAccount(key).address.toLowerCase());
    expect(bytesToHex(decoded.hash())).toBe(bytesToHex(createTxFromRLP(hexToBytes(raw), { common }).hash()));
  });
});
