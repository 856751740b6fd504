// geth's log matching rule, one case per row, applied to one log: the emitter, positional topics,
// wildcards, alternatives and the minimum topic count. Bloom pre-checks must never exclude a match.

import { Bloom } from '@ethereumjs/vm';
import { describe, expect, it } from 'vitest';
import { LogMatcher } from './LogMatcher.js';
import { decodeLogCriteria } from './logCriteria.js';

const A = `0x${'aa'.repeat(20)}`;
const B = `0x${'bb'.repeat(20)}`;
const T1 = `0x${'11'.repeat(32)}`;
const T2 = `0x${'22'.repeat(32)}`;
const T3 = `0x${'33'.repeat(32)}`;
const log = { address: A, topics: [T1, T2] };
const bloomOfLog = new Bloom();
for (const value of [A, T1, T2]) bloomOfLog.add(Buffer.from(value.slice(2), 'hex'));

describe('LogMatcher', () => {
  it.each([
    ['no criteria', undefined, true],
    ['its address', { address: A }, true],
    ['its address in upper case', { address: A.toUpperCase().replace('0X', '0x') }, true],
    ['another address', { address: B }, false],
    ['one of a list of addresses', { address: [B, A] }, true],
    ['an empty address list (any emitter)', { address: [] }, true],
    ['first topic', { topics: [T1] }, true],
    ['wildcard then second topic', { topics: [null, T2] }, true],
    ['alternatives at one position', { topics: [[T3, T1]] }, true],
    ['a null among alternatives', { topics: [[T3, null]] }, true],
    ['an empty list of alternatives', { topics: [[]] }, true],
    ['a wrong topic', { topics: [T2] }, false],
    ['the right topics in the wrong positions', { topics: [T2, T1] }, false],
    ['more positions than the log has', { topics: [null, null, null] }, false],
    ['an empty topics array', { topics: [] }, true],
  ])('%s', (_name, criteria, expected) => {
    const matcher = new LogMatcher(decodeLogCriteria(criteria));
    expect(matcher.matches(log)).toBe(expected);
    if (expected) expect(matcher.mayBeIn(bloomOfLog.bitvector)).toBe(true);
  });

  it('rules out blocks by bloom: another emitter, a topic not there, or no logs at all', () => {
    expect(new LogMatcher(decodeLogCriteria({ address: B })).mayBeIn(bloomOfLog.bitvector)).toBe(false);
    expect(new LogMatcher(decodeLogCriteria({ topics: [T3] })).mayBeIn(bloomOfLog.bitvector)).toBe(false);
    expect(new LogMatcher(decodeLogCriteria({})).mayBeIn(new Uint8Array(256))).toBe(false);
  });
});
