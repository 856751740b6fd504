import { describe, expect, it } from 'vitest';
import { parseGoDuration } from './parseGoDuration.js';

describe('parseGoDuration', () => {
  it.each([
    ['5s', 5000],
    ['300ms', 300],
    ['1m30s', 90_000],
    ['1.5h', 5_400_000],
    ['250us', 0.25],
    ['0', 0],
    ['-2s', -2000],
    ['.5s', 500],
  ])('%s is %d ms', (text, milliseconds) => {
    expect(parseGoDuration(text)).toBe(milliseconds);
  });

  it.each([
    ['', 'time: invalid duration ""'],
    ['abc', 'time: invalid duration "abc"'],
    ['5', 'time: missing unit in duration "5"'],
    ['1d', 'time: unknown unit "d" in duration "1d"'],
    ['.s', 'time: invalid duration ".s"'],
  ])('rejects %j with Go’s message', (text, message) => {
    expect(() => parseGoDuration(text)).toThrow(message);
  });
});
