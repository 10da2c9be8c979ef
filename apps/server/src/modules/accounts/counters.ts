import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Sliding-window counters for the login guard (docs/site-and-accounts.md "Accounts and sessions" §Limits): each hit is a
 * timestamp, a count is the hits younger than the window. In memory in embedded mode (one
 * process), a Redis sorted set when configured so every process counts together. Time comes
 * from the injected clock, so tests move it.
 */
export interface CounterStore {
  /** Hits of `key` within the last `windowMs`. */
  count(key: string, windowMs: number): Promise<number>;
  /** Records a hit; returns the count including it. */
  hit(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export function memoryCounters(now: () => number): CounterStore {
  const map = new Map<string, number[]>();
  const live = (key: string, windowMs: number) => {
    const since = now() - windowMs;
    const hits = (map.get(key) ?? []).filter((at) => at > since);
    if (hits.length) map.set(key, hits);
    else map.delete(key);
    return hits;
  };
  return {
    async count(key, windowMs) {
      return live(key, windowMs).length;
    },
    async hit(key, windowMs) {
      const hits = live(key, windowMs);
      hits.push(now());
      map.set(key, hits);
      // Bound memory: an attacker spraying keys must not grow the map without end.
      if (map.size > 100_000) for (const k of [...map.keys()]) live(k, windowMs);
      return hits.length;
    },
    async reset(key) {
      map.delete(key);
    },
  };
}

export function redisCounters(redis: Redis, prefix: string, now: () => number): CounterStore {
  return {
    async count(key, windowMs) {
      const k = prefix + key;
      const t = now();
      const res = await redis
        .multi()
        .zremrangebyscore(k, '-inf', t - windowMs)
        .zcard(k)
        .exec();
      return Number(res?.[1]?.[1] ?? 0);
    },
    async hit(key, windowMs) {
      const k = prefix + key;
      const t = now();
      const res = await redis
        .multi()
        .zremrangebyscore(k, '-inf', t - windowMs)
        .zadd(k, t, `${t}:${randomBytes(4).toString('hex')}`)
        .zcard(k)
        .pexpire(k, windowMs)
        .exec();
      return Number(res?.[2]?.[1] ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
