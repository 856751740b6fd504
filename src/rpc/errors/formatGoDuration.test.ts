import { describe, expect, it } from 'vitest';
import { formatGoDuration } from './formatGoDuration.js';

describe('formatGoDuration', () => {
  it('formats durations as Go prints them (geth\'s "execution aborted (timeout = 5s)")', () => {
    expect([300, 1000, 1500, 5000, 90_000].map(formatGoDuration)).toEqual(['300ms', '1s', '1.5s', '5s', '1m30s']);
  });
});
