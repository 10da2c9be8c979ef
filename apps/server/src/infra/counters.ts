import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Sliding-window counters for the login guard (docs/security.md "Login lockout"): each hit is a
 * timestamp, a count is the hits younger than the window. In memory in embedded mode (one
 * process), a Redis sorted set when configured so every process counts together. Time comes
 * from the injected clock, so tests move it.
 *
 * A hit is reserved before the slow thing it guards (a password hash) and counts at once: a
 * count read first and a hit written after would let every request in flight pass the same
 * check (issue 20: 300 parallel guesses were all checked).
 */
export interface CounterLimit {
  key: string;
  /** The reservation is refused when the key already holds this many hits in the window. */
  max: number;
}

export interface Reservation {
  /** Takes this one hit back from every key (the guarded attempt turned out not to count). */
  release(): Promise<void>;
}

export interface CounterStore {
  /**
   * One hit on every key, or none: null when any key is at its max. The check and the add are
   * one step, so whatever the concurrency and the number of processes no key passes its max.
   */
  reserve(limits: readonly CounterLimit[], windowMs: number): Promise<Reservation | null>;
  reset(key: string): Promise<void>;
}

/** Keys beyond which a reservation sweeps every key: an attacker spraying keys must not grow the map without end. */
const MEMORY_SWEEP_AT = 100_000;

export function memoryCounters(now: () => number): CounterStore {
  // Hits are objects so a release removes its own hit, not another one of the same millisecond.
  const map = new Map<string, { at: number }[]>();
  const live = (key: string, windowMs: number) => {
    const since = now() - windowMs;
    const hits = (map.get(key) ?? []).filter((h) => h.at > since);
    if (hits.length) map.set(key, hits);
    else map.delete(key);
    return hits;
  };
  return {
    // No await between the check and the add: one process runs it as one step.
    async reserve(limits, windowMs) {
      const lists = limits.map((l) => ({ key: l.key, hits: live(l.key, windowMs), max: l.max }));
      if (lists.some((l) => l.hits.length >= l.max)) return null;
      const hit = { at: now() };
      for (const l of lists) {
        l.hits.push(hit);
        map.set(l.key, l.hits);
      }
      if (map.size > MEMORY_SWEEP_AT) for (const k of [...map.keys()]) live(k, windowMs);
      return {
        async release() {
          for (const l of lists) {
            const hits = map.get(l.key);
            const at = hits?.indexOf(hit) ?? -1;
            if (hits && at >= 0) hits.splice(at, 1);
          }
        },
      };
    },
    async reset(key) {
      map.delete(key);
    },
  };
}

/**
 * Drops what left the window from every key, refuses if any key is at its max, else adds the hit
 * to every key. One script: Redis runs it without interleaving another client's commands.
 * KEYS: the counters. ARGV: now, window ms, the hit's member, then each key's max in KEYS order.
 */
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return 0 end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
end
return 1
`;

export function redisCounters(redis: Redis, prefix: string, now: () => number): CounterStore {
  return {
    async reserve(limits, windowMs) {
      const keys = limits.map((l) => prefix + l.key);
      const t = now();
      // Unique per hit: two hits in one millisecond are two members of the set.
      const member = `${t}:${randomBytes(8).toString('hex')}`;
      const granted = await redis.eval(
        RESERVE_SCRIPT,
        keys.length,
        ...keys,
        t,
        windowMs,
        member,
        ...limits.map((l) => l.max),
      );
      if (Number(granted) !== 1) return null;
      return {
        async release() {
          const tx = redis.multi();
          for (const k of keys) tx.zrem(k, member);
          await tx.exec();
        },
      };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
