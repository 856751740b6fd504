import { describe, expect, it } from 'vitest';
import { BoundedCache } from './BoundedCache.js';

describe('BoundedCache', () => {
  it('forgets the least recently used entries beyond a count', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // refreshes a: b is now the oldest
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('bounds the total weight: one heavy entry pushes out several light ones', () => {
    const cache = new BoundedCache<string, string>(10, (text) => text.length);
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.set(key, 'xx');
    cache.set('heavy', 'x'.repeat(7));
    expect(['a', 'b', 'c', 'd', 'e'].filter((key) => cache.get(key) !== undefined)).toEqual(['e']);
    expect(cache.get('heavy')).toBe('xxxxxxx');
  });

  it('counts a replaced entry once', () => {
    const cache = new BoundedCache<string, string>(4, (text) => text.length);
    cache.set('a', 'xx');
    cache.set('a', 'yy');
    cache.set('b', 'zz');
    expect(cache.get('a')).toBe('yy');
    expect(cache.get('b')).toBe('zz');
  });

  it('keeps the newest entry even when it alone weighs more than the limit', () => {
    const cache = new BoundedCache<string, string>(3, (text) => text.length);
    cache.set('a', 'x');
    cache.set('big', 'x'.repeat(10));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('big')).toBe('x'.repeat(10));
  });

  it('starts empty again after clear', () => {
    const cache = new BoundedCache<string, string>(4, (text) => text.length);
    cache.set('a', 'xxxx');
    cache.clear();
    cache.set('b', 'yyyy');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('yyyy');
  });
});
