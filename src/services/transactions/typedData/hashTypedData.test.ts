import { bytesToHex, hashTypedData as viemHashTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import { hashTypedData } from './hashTypedData.js';
import { readTypedData } from './readTypedData.js';

/** EIP-712's own example (Mail from Person to Person), extended with arrays, bytes and signed integers. */
const MAIL = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallets', type: 'address[]' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
      { name: 'attachment', type: 'bytes' },
      { name: 'tag', type: 'bytes4' },
      { name: 'delta', type: 'int64' },
      { name: 'grid', type: 'uint8[2][]' },
      { name: 'urgent', type: 'bool' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  message: {
    from: { name: 'Cow', wallets: ['0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826', '0xDeaDbeefdEAdbeefdEadbEEFdeadbeEFdEaDbeeF'] },
    to: [{ name: 'Bob', wallets: ['0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'] }],
    contents: 'Hello, Bob!',
    attachment: '0xdeadbeef00',
    tag: '0x01020304',
    delta: -42,
    grid: [
      [1, 2],
      [3, 255],
    ],
    urgent: true,
  },
} as const;

const digest = (document: unknown) => bytesToHex(hashTypedData(readTypedData(document)));

describe('hashTypedData', () => {
  it("gives viem's digest for nested structs, struct and nested arrays, bytes, bytesN, negative and boolean values", () => {
    expect(digest(MAIL)).toBe(viemHashTypedData(MAIL as never));
  });

  it('reads the same document from a JSON string, big integers exactly', () => {
    const big = {
      ...MAIL,
      types: { ...MAIL.types, Mail: [...MAIL.types.Mail, { name: 'amount', type: 'uint256' }] },
      message: { ...MAIL.message, amount: 2n ** 200n + 1n },
    };
    const json = JSON.stringify(big, (_key, value) => (typeof value === 'bigint' ? `__${value}__` : value)).replace(/"__(\d+)__"/g, '$1');
    expect(digest(json)).toBe(viemHashTypedData(big as never));
    // Decimal and 0x strings are integers too (viem sends bigints as decimal strings).
    expect(digest({ ...big, message: { ...big.message, amount: `0x${(2n ** 200n + 1n).toString(16)}` } })).toBe(viemHashTypedData(big as never));
  });

  it('makes the EIP712Domain type of the domain fields when the document has none, and ignores undeclared fields', () => {
    const { EIP712Domain: _, ...types } = MAIL.types;
    const withoutDomainType = { ...MAIL, types, domain: { name: 'Ether Mail', chainId: 10 }, message: { ...MAIL.message, extra: 'ignored' } };
    expect(digest(withoutDomainType)).toBe(viemHashTypedData({ ...withoutDomainType, message: MAIL.message } as never));
    expect(digest({ ...MAIL, primaryType: 'EIP712Domain' })).toBe(viemHashTypedData({ ...MAIL, primaryType: 'EIP712Domain' } as never));
  });

  it.each([
    ['a missing field', { contents: undefined }, "provided data '<nil>' doesn't match type 'string'"],
    ['a struct given as a string', { from: 'Cow' }, "provided data 'Cow' doesn't match type 'Person'"],
    ['a short address', { from: { name: 'Cow', wallets: ['0x12'] } }, "provided data '0x12' doesn't match type 'address'"],
    ['bytes4 of 2 bytes', { tag: '0x1234' }, "provided data '0x1234' doesn't match type 'bytes4'"],
    ['bytes that are not hex', { attachment: 'hello' }, "provided data 'hello' doesn't match type 'bytes'"],
    ['a fixed array of the wrong length', { grid: [[1, 2, 3]] }, "provided data '[1 2 3]' doesn't match type 'uint8[2]'"],
    ['a uint8 of 256', { grid: [[1, 256]] }, "integer larger than 'uint8'"],
    ['a negative uint8', { grid: [[1, -1]] }, 'invalid negative value for unsigned type uint8'],
    ['an int64 past its range', { delta: '9223372036854775808' }, "integer larger than 'int64'"],
    ['a fraction', { delta: 1.5 }, 'invalid float value 1.5 for type int64'],
    ['an integer as a boolean', { delta: true }, 'invalid integer value true/bool for type int64'],
    ['an integer string that is neither decimal nor hex', { delta: '12abc' }, 'invalid hex or decimal integer "12abc"'],
    ['a bool as a string', { urgent: 'true' }, "provided data 'true' doesn't match type 'bool'"],
  ])("refuses %s in geth's words", (_name, change, message) => {
    expect(() => digest({ ...MAIL, message: { ...MAIL.message, ...change } })).toThrow(message);
  });

  it.each([
    ['an unknown primary type', { primaryType: 'Letter' }, 'primary type "Letter" is undefined'],
    ['a reference to an undefined type', { types: { ...MAIL.types, Mail: [{ name: 'x', type: 'Foo' }] } }, 'reference type "Foo" is undefined'],
    ['a type that references itself', { types: { ...MAIL.types, Mail: [{ name: 'x', type: 'Mail' }] } }, 'type "Mail" cannot reference itself'],
    ['a field without a type', { types: { ...MAIL.types, Mail: [{ name: 'x' }] } }, 'type "Mail":0: empty Type'],
    ['a field without a name', { types: { ...MAIL.types, Mail: [{ type: 'uint8' }] } }, 'type "Mail":0: empty Name'],
    ['types that are not an object', { types: [] }, 'types must be an object of struct types'],
  ])('refuses %s', (_name, change, message) => {
    expect(() => digest({ ...MAIL, ...change })).toThrow(message);
  });

  it('refuses text that is not JSON, and JSON that is not an object', () => {
    expect(() => digest('{"types":')).toThrow(/^typed data is not valid JSON: /);
    expect(() => digest('[1]')).toThrow('typed data must be a JSON object (or a string holding one)');
  });
});
