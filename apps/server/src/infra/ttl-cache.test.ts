import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('a TTL cache', () => {
  const clockAt = (start: number) => {
    let now = start;
    return {
      now: () => now,
      advance(ms: number) {
        now += ms;
      },
    };
  };

  it('shares one read per key until it is ttl old, and forgets everything on clear', async () => {
    const clock = clockAt(1_000);
    const cache = createTtlCache(clock, 5_000);
    let reads = 0;
    const load = async () => ++reads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    clock.advance(4_999);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    clock.advance(1);
    expect(await cache.get('a', load)).toBe(3);
    cache.clear();
    expect(await cache.get('a', load)).toBe(4);
  });

  it('does not keep a failed read', async () => {
    const cache = createTtlCache(clockAt(0), 5_000);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 'up')).toBe('up');
  });
});
