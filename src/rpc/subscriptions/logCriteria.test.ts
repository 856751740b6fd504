import { describe, expect, it } from 'vitest';
import { decodeLogCriteria, matchesLogCriteria } from './logCriteria.js';

const A = `0x${'aa'.repeat(20)}`;
const B = `0x${'bb'.repeat(20)}`;
const T1 = `0x${'11'.repeat(32)}`;
const T2 = `0x${'22'.repeat(32)}`;
const T3 = `0x${'33'.repeat(32)}`;
const log = { address: A, topics: [T1, T2] };

describe('log criteria', () => {
  it.each([
    ['no criteria', undefined, true],
    ['its address', { address: A }, true],
    ['its address in upper case', { address: A.toUpperCase().replace('0X', '0x') }, true],
    ['another address', { address: B }, false],
    ['one of a list of addresses', { address: [B, A] }, true],
    ['first topic', { topics: [T1] }, true],
    ['wildcard then second topic', { topics: [null, T2] }, true],
    ['alternatives at one position', { topics: [[T3, T1]] }, true],
    ['a null among alternatives', { topics: [[T3, null]] }, true],
    ['a wrong topic', { topics: [T2] }, false],
    ['more positions than the log has', { topics: [null, null, null] }, false],
    ['an empty topics array', { topics: [] }, true],
  ])('%s', (_name, criteria, expected) => {
    expect(matchesLogCriteria(log, decodeLogCriteria(criteria))).toBe(expected);
  });

  it.each([
    [{ address: '0x12' }, 'invalid address "0x12"'],
    [{ topics: [1] }, 'invalid topic 1'],
    [{ topics: 'x' }, 'topics: array expected'],
    [{ topics: [null, null, null, null, null] }, 'exceed max topics'],
    ['x', 'filter object expected'],
  ])('rejects %j with "%s"', (criteria, message) => {
    expect(() => decodeLogCriteria(criteria)).toThrow(message);
  });
});
