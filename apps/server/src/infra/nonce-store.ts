import { lt } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { requestNonces } from '../db/schema/signature.ts';
import type { DeferredNonceStore } from '../http/signature.ts';

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

/**
 * The refusals of routes that claim the nonce in their own statement (http/signature.ts, deferred
 * nonces), in the table those statements read (`request_nonces`): the same store on PGlite and
 * PostgreSQL, shared by every process.
 */
export function databaseDeferredNonces(db: Db): DeferredNonceStore & { prune(nowMs: number): Promise<number> } {
  return {
    async recordRefused(nonce, expiresAtMs) {
      await db
        .insert(requestNonces)
        .values({ nonce, expiresAt: new Date(expiresAtMs) })
        .onConflictDoNothing();
    },
    /** Forgets what has outlived the signature window; returns how many. */
    async prune(nowMs) {
      const gone = await db
        .delete(requestNonces)
        .where(lt(requestNonces.expiresAt, new Date(nowMs)))
        .returning({ nonce: requestNonces.nonce });
      return gone.length;
    },
  };
}
