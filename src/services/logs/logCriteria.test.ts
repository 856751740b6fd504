import { describe, expect, it } from 'vitest';
import { decodeLogCriteria } from './logCriteria.js';

const A = `0x${'aa'.repeat(20)}`;
const T1 = `0x${'11'.repeat(32)}`;

describe('log criteria', () => {
  it.each([
    ['nothing', undefined, { addresses: undefined, topics: [] }],
    ['an address, lower-cased', { address: A.toUpperCase().replace('0X', '0x') }, { addresses: [A], topics: [] }],
    ['a topic and a wildcard', { topics: [T1, null] }, { addresses: undefined, topics: [[T1], null] }],
  ])('decodes %s', (_name, criteria, expected) => {
    expect(decodeLogCriteria(criteria)).toEqual(expected);
  });

  it.each([
    [{ address: '0x12' }, 'invalid address: hex has invalid length 1 after decoding; expected 20 for address'],
    [{ topics: [1] }, 'invalid topic(s)'],
    [{ topics: 'x' }, 'invalid topic(s)'],
    [{ topics: [null, null, null, null, null] }, 'exceed max topics'],
    ['x', 'filter object expected'],
  ])('rejects %j with "%s"', (criteria, message) => {
    expect(() => decodeLogCriteria(criteria)).toThrow(message);
  });
});
