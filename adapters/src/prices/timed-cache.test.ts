import { describe, expect, it } from 'vitest';
import { TimedCache } from './timed-cache.ts';

describe('TimedCache', () => {
  it('serves a value only while younger than the max age', () => {
    const cache = new TimedCache<number>();
    cache.set('a', 1, 1000);
    expect(cache.getFresh('a', 1999, 1000)).toBe(1);
    expect(cache.getFresh('a', 2000, 1000)).toBeUndefined();
    expect(cache.get('a')).toEqual({ value: 1, storedAt: 1000 });
  });

  it('evicts the oldest stored entry beyond its size; storing again makes an entry newest', () => {
    const cache = new TimedCache<number>(2);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('a', 3, 1);
    cache.set('c', 4, 2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.value).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('deletes one entry', () => {
    const cache = new TimedCache<number>();
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.delete('a');
    cache.delete('missing');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.value).toBe(2);
    expect(cache.size).toBe(1);
  });
});
