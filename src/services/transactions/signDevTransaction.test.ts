import { createTxFromRLP } from '@ethereumjs/tx';
import { describe, expect, it } from 'vitest';
import { createChainCommon } from '../../config/chainCommon.js';
import { deriveDevAccounts } from '../../config/devAccounts.js';
import { bytesToHex, hexToBytes } from '../../primitives/hex.js';
import { buildDevTransaction, type DevTransactionDefaults } from './buildDevTransaction.js';
import { DevKeyring } from './DevKeyring.js';
import { signDevTransaction } from './signDevTransaction.js';

const [account] = deriveDevAccounts('test test test test test test test test test test test junk', 1);
const keyring = new DevKeyring(new Map([[account!.address.slice(2).toLowerCase(), hexToBytes(account!.privateKey)]]));
const authority = keyring.authorityFor(hexToBytes(account!.address)) as { privateKey: Uint8Array; publicKey: Uint8Array };
const to = new Uint8Array(20).fill(1);

function defaults(common = createChainCommon(31337n)): DevTransactionDefaults {
  return { common, chainId: 31337n, nonce: 5n, gasLimit: 60_000n, baseFeePerGas: 7n, suggestedTip: 1_000n, balance: 10n ** 18n };
}

describe('signDevTransaction', () => {
  it.each<[string, Parameters<typeof buildDevTransaction>[0], () => DevTransactionDefaults]>([
    ['an EIP-1559 transaction', { to, value: 3n, data: new Uint8Array([1, 2, 3]) }, defaults],
    ['a creation', { data: new Uint8Array([0x60, 0x00]) }, defaults],
    ['a legacy one (gasPrice)', { to, gasPrice: 9n }, defaults],
    ['a legacy one before London', { to, value: 1n }, () => defaults(createChainCommon(31337n, 'berlin'))],
  ])('%s: the bytes, hash and sender ethereumjs sign() gives, frozen', (_, request, chain) => {
    const expected = buildDevTransaction(request, chain()).sign(authority.privateKey);
    const signed = signDevTransaction(buildDevTransaction(request, { ...chain(), freeze: false }), authority.privateKey, authority.publicKey);
    expect(bytesToHex(signed.serialize())).toBe(bytesToHex(expected.serialize()));
    expect(signed.type).toBe(expected.type);
    expect(Object.isFrozen(signed)).toBe(true);
    expect(bytesToHex(signed.hash())).toBe(bytesToHex(expected.hash()));
    expect(signed.isSigned()).toBe(true);
    expect(signed.getSenderAddress().toString()).toBe(account!.address.toLowerCase());
    expect(signed.verifySignature()).toBe(true);
    // Decoded from its bytes (nothing cached): the same sender.
    expect(createTxFromRLP(signed.serialize(), { common: chain().common }).getSenderAddress().toString()).toBe(account!.address.toLowerCase());
  });

  it('signs a frozen transaction through ethereumjs', () => {
    const frozen = buildDevTransaction({ to, value: 3n }, defaults());
    const signed = signDevTransaction(frozen, authority.privateKey, authority.publicKey);
    expect(signed).not.toBe(frozen);
    expect(bytesToHex(signed.serialize())).toBe(bytesToHex(frozen.sign(authority.privateKey).serialize()));
  });
});
