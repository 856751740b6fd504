import { describe, expect, it } from 'vitest';
import { TokenBucketLimiter } from './TokenBucketLimiter.js';

function limiter(options: { ratePerSecond?: number; burst?: number; maxTracked?: number } = {}) {
  const clock = { ms: 0 };
  const bucket = new TokenBucketLimiter({
    ratePerSecond: options.ratePerSecond ?? 10,
    burst: options.burst ?? 20,
    maxTracked: options.maxTracked,
    now: () => clock.ms,
  });
  return { bucket, clock };
}

describe('TokenBucketLimiter', () => {
  it('lets a burst through, then refuses with the seconds until a token is back', () => {
    const { bucket, clock } = limiter({ ratePerSecond: 10, burst: 20 });
    for (let i = 0; i < 20; i++) expect(bucket.take('1.2.3.4', 1).ok).toBe(true);
    expect(bucket.take('1.2.3.4', 1)).toEqual({ ok: false, retryAfterSeconds: 1, message: 'rate limit exceeded, retry after 1 s' });
    // Another identity has its own bucket.
    expect(bucket.take('5.6.7.8', 1).ok).toBe(true);
    // 100 ms at 10/s buys one call back.
    clock.ms += 100;
    expect(bucket.take('1.2.3.4', 1).ok).toBe(true);
    expect(bucket.take('1.2.3.4', 1).ok).toBe(false);
  });

  it('holds the long-run rate at ratePerSecond', () => {
    const { bucket, clock } = limiter({ ratePerSecond: 50, burst: 100 });
    let passed = 0;
    // A client hammering every millisecond for 10 s.
    for (let ms = 0; ms < 10_000; ms++) {
      clock.ms = ms;
      if (bucket.take('x', 1).ok) passed++;
    }
    expect(passed).toBeGreaterThanOrEqual(100 + 500 - 1);
    expect(passed).toBeLessThanOrEqual(100 + 500 + 1);
  });

  it('lets a batch larger than the bucket through once and makes it work off the debt', () => {
    const { bucket, clock } = limiter({ ratePerSecond: 10, burst: 20 });
    expect(bucket.take('x', 100).ok).toBe(true);
    // -80 tokens: 81 tokens to earn before the next request, 8.1 s at 10/s.
    expect(bucket.peek('x')).toMatchObject({ ok: false, retryAfterSeconds: 9 });
    clock.ms = 8_000;
    expect(bucket.peek('x').ok).toBe(false);
    clock.ms = 8_100;
    expect(bucket.peek('x').ok).toBe(true);
  });

  it('peek spends nothing', () => {
    const { bucket } = limiter({ burst: 1 });
    for (let i = 0; i < 5; i++) expect(bucket.peek('x').ok).toBe(true);
    expect(bucket.take('x', 1).ok).toBe(true);
    expect(bucket.peek('x').ok).toBe(false);
  });

  it('words a budget refusal with the given description', () => {
    const { bucket } = limiter({ burst: 1 });
    const budget = bucket.budget('x', (seconds) => `slow down for ${seconds} s`);
    expect(budget.take(1)).toEqual({ ok: true });
    expect(budget.take(1)).toEqual({ ok: false, retryAfterSeconds: 1, message: 'slow down for 1 s' });
  });

  it('bounds memory: forgets the oldest identity past maxTracked, and sweeps full buckets', () => {
    const { bucket, clock } = limiter({ ratePerSecond: 10, burst: 20, maxTracked: 1000 });
    for (let i = 0; i < 5000; i++) bucket.take(`10.0.${i >> 8}.${i & 255}`, 1);
    expect(bucket.tracked).toBe(1000);
    clock.ms = 61_000;
    bucket.take('fresh', 1);
    expect(bucket.tracked).toBe(1);
  });

  it('rejects a limit that makes no sense', () => {
    expect(() => new TokenBucketLimiter({ ratePerSecond: 0, burst: 1 })).toThrow(RangeError);
    expect(() => new TokenBucketLimiter({ ratePerSecond: 1, burst: 0 })).toThrow(RangeError);
  });
});
