import type { Redis } from 'ioredis';

/**
 * Remembers request nonces for the signature window so a captured request cannot be replayed.
 * `claim` is atomic: of two requests with one nonce, exactly one wins.
 */
export interface NonceStore {
  claim(nonce: string, ttlMs: number): Promise<boolean>;
}

export function memoryNonceStore(now: () => number = Date.now): NonceStore {
  const seen = new Map<string, number>();
  let lastSweep = now();
  return {
    async claim(nonce, ttlMs) {
      const t = now();
      // Sweep at most once a second so the map stays bounded by the traffic of one window.
      if (t - lastSweep > 1000) {
        for (const [key, expiresAt] of seen) if (expiresAt <= t) seen.delete(key);
        lastSweep = t;
      }
      const expiresAt = seen.get(nonce);
      if (expiresAt !== undefined && expiresAt > t) return false;
      seen.set(nonce, t + ttlMs);
      return true;
    },
  };
}

export function redisNonceStore(redis: Redis, prefix = 'kx:nonce:'): NonceStore {
  return {
    async claim(nonce, ttlMs) {
      const result = await redis.set(prefix + nonce, '1', 'PX', ttlMs, 'NX');
      return result === 'OK';
    },
  };
}
