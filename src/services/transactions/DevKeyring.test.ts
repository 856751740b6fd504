import { createTxFromRLP } from '@ethereumjs/tx';
import { describe, expect, it } from 'vitest';
import { createChainCommon } from '../../config/chainCommon.js';
import { deriveDevAccounts } from '../../config/devAccounts.js';
import { hexToBytes } from '../../primitives/hex.js';
import { buildDevTransaction } from './buildDevTransaction.js';
import { DevKeyring } from './DevKeyring.js';

const MNEMONIC = 'test test test test test test test test test test test junk';

describe('DevKeyring', () => {
  const accounts = deriveDevAccounts(MNEMONIC, 3);
  const keyring = new DevKeyring(new Map(accounts.map((account) => [account.address.slice(2).toLowerCase(), hexToBytes(account.privateKey)])));

  it('gives each key the public key a signature by it recovers to (what eth_sendTransaction records on the signed transaction)', () => {
    const common = createChainCommon(31337n);
    for (const account of accounts) {
      const authority = keyring.authorityFor(hexToBytes(account.address));
      expect(authority?.kind).toBe('key');
      const signed = buildDevTransaction(
        { to: new Uint8Array(20).fill(1), value: 1n },
        { common, chainId: 31337n, nonce: 0n, gasLimit: 21_000n, baseFeePerGas: 7n, suggestedTip: 1n, balance: 10n ** 18n },
      ).sign(authority!.privateKey);
      // Decoded from its bytes: nothing cached, the key recovered from the signature.
      const recovered = createTxFromRLP(signed.serialize(), { common }).getSenderPublicKey();
      expect(Buffer.from(authority!.publicKey).toString('hex')).toBe(Buffer.from(recovered).toString('hex'));
    }
  });

  it('answers the same authority again, and none for an address it holds no key for', () => {
    const address = hexToBytes(accounts[0]!.address);
    expect(keyring.authorityFor(address)).toBe(keyring.authorityFor(address));
    expect(keyring.authorityFor(new Uint8Array(20).fill(9))).toBeUndefined();
  });
});
