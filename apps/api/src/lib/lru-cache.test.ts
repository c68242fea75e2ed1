import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

describe('LruCache', () => {
  it('forgets the least recently used entry when full', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.has('b')).toBe(false);
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([1, 3, 2]);
  });

  it('keeps an entry stored as undefined apart from a missing one', () => {
    const cache = new LruCache<string, number | undefined>(2);
    cache.set('gone', undefined);
    expect(cache.has('gone')).toBe(true);
    expect(cache.has('other')).toBe(false);
  });

  it('counts a replaced key once', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1).set('a', 2).set('b', 3);
    expect([cache.size, cache.get('a'), cache.get('b')]).toEqual([2, 2, 3]);
    cache.delete('a');
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('refuses a size below one', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
