// The share of the main thread that calls take beside the sub-block grid: a burst at first, then
// no more than the share of any stretch of time.
import { describe, expect, it } from 'vitest';
import { ThreadShare } from './ThreadShare.js';

function clocked(share: number, burstMs: number) {
  let now = 1_000;
  const bucket = new ThreadShare(share, burstMs, () => now);
  return { bucket, advance: (ms: number) => (now += ms) };
}

describe('ThreadShare', () => {
  it('gives a burst at once, then refuses until the share of the time since has refilled it', () => {
    const { bucket, advance } = clocked(0.5, 20);
    expect(bucket.hasRoom()).toBe(true);
    bucket.spend(12);
    expect(bucket.hasRoom()).toBe(true);
    // A job may overdraw the bucket by what it held past the rest.
    bucket.spend(10);
    expect(bucket.hasRoom()).toBe(false);
    // 2 ms overdrawn: 4 ms of wall time at half a share.
    advance(3.9);
    expect(bucket.hasRoom()).toBe(false);
    advance(0.2);
    expect(bucket.hasRoom()).toBe(true);
  });

  it('never holds more than the burst, however long the thread was idle', () => {
    const { bucket, advance } = clocked(0.5, 20);
    advance(60_000);
    bucket.spend(20);
    expect(bucket.hasRoom()).toBe(false);
  });

  it('keeps jobs to the share over a long run of them', () => {
    const { bucket, advance } = clocked(0.5, 20);
    let held = 0;
    // Jobs of 0.3 ms offered every 0.4 ms for 10 s: 75% of the time if all ran here.
    for (let t = 0; t < 10_000; t += 0.4) {
      if (bucket.hasRoom()) {
        bucket.spend(0.3);
        held += 0.3;
      }
      advance(0.4);
    }
    expect(held).toBeGreaterThan(0.5 * 10_000 - 1);
    expect(held).toBeLessThan(0.5 * 10_000 + 20 + 0.3 + 1);
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => new ThreadShare(0, 20)).toThrow('a thread share is in (0, 1], not 0');
    expect(() => new ThreadShare(1.5, 20)).toThrow('a thread share is in (0, 1], not 1.5');
  });
});
