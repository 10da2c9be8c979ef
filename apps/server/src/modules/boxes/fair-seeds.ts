import { randomBytes } from 'node:crypto';
import { newServerSeed, serverSeedHash } from '@kaixiang/game/fair';
import { CLIENT_SEED_PATTERN, type SeedResponse } from '@kaixiang/shared/boxes';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { fairSeeds } from '../../db/schema/boxes.ts';
import { AppError } from '../../http/app-error.ts';

/** A fresh seed pair for a player: a new secret server seed (its hash is what is shown), nonce 0. */
export function newSeedPair(userId: number, clientSeed: string, now: Date): typeof fairSeeds.$inferInsert {
  const seed = newServerSeed((n) => randomBytes(n));
  return { userId, serverSeed: seed, serverSeedHash: serverSeedHash(seed), clientSeed, createdAt: now };
}

/**
 * The player's active seed pair, made on a player's first roll; with `lock`, locked for the
 * caller's transaction. A rotation committing while we wait for the row lock hides the pair we
 * waited for, and its successor was made after our statement's snapshot: look again (each look
 * is a new snapshot).
 */
async function activePair(db: Db | Tx, userId: number, now: Date, lock: boolean) {
  const where = and(eq(fairSeeds.userId, userId), isNull(fairSeeds.revealedAt));
  for (let attempt = 0; attempt < 20; attempt++) {
    const query = db.select().from(fairSeeds).where(where);
    const [found] = lock ? await query.for('update') : await query;
    if (found) return found;
    await db
      .insert(fairSeeds)
      .values(newSeedPair(userId, randomBytes(8).toString('hex'), now))
      .onConflictDoNothing();
  }
  throw new Error('no active seed pair after 20 attempts');
}

/** The player's active seed pair, locked for this transaction. */
export const lockActiveSeed = (tx: Tx, userId: number, now: Date) => activePair(tx, userId, now, true);

/** What a roll needs of the player's active pair; `nonce` is the next roll's. */
export interface SeedState {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/**
 * The player's active pair as last seen, without a lock: an opening rolls from it and the
 * statement that records the opening advances the nonce only if the pair is still exactly this
 * (kx_open_box), so a stale read costs a second try, never a reused nonce. Made on a first roll.
 */
export const readActiveSeed = (db: Db, userId: number, now: Date): Promise<SeedState> =>
  activePair(db, userId, now, false);

/**
 * Active pairs of recent openers, kept per process so an opening needs no read first. Anything
 * this process changes about a pair (rotation, client seed) forgets it here; a change made by
 * another process shows up as a stale pair on the next opening, which then reads it again.
 */
export function createSeedCache(max = 20_000) {
  const pairs = new Map<number, SeedState>();
  return {
    get: (userId: number) => pairs.get(userId),
    set(userId: number, seed: SeedState) {
      pairs.delete(userId);
      pairs.set(userId, seed);
      // A Map iterates in insertion order: the first key is the least recently written.
      if (pairs.size > max) pairs.delete(pairs.keys().next().value as number);
    },
    forget: (userId: number) => pairs.delete(userId),
  };
}
export type SeedCache = ReturnType<typeof createSeedCache>;

/**
 * A player's seed pairs as the fairness panel shows them and changes them (spec 1 §7): the active
 * pair (made on first look), the last revealed one, a new client seed, a rotation. Each change is
 * made under the active pair's row lock and forgets the pair in this process's `cache`.
 */
export function createSeedViews(deps: {
  db: Db;
  transaction: <T>(fn: (tx: Tx, now: Date) => Promise<T>) => Promise<T>;
  cache: SeedCache;
}) {
  const { db, cache } = deps;

  async function seed(userId: number): Promise<SeedResponse> {
    const active = await deps.transaction((tx, now) => lockActiveSeed(tx, userId, now));
    const [previous] = await db
      .select()
      .from(fairSeeds)
      .where(and(eq(fairSeeds.userId, userId), isNotNull(fairSeeds.revealedAt)))
      .orderBy(desc(fairSeeds.id))
      .limit(1);
    return {
      active: { server_seed_hash: active.serverSeedHash, client_seed: active.clientSeed, nonce: active.nonce },
      previous: previous
        ? {
            server_seed_hash: previous.serverSeedHash,
            client_seed: previous.clientSeed,
            nonce: previous.nonce,
            server_seed: previous.serverSeed,
          }
        : null,
    };
  }

  return {
    seed,

    async setClientSeed(userId: number, clientSeed: string): Promise<SeedResponse> {
      if (!CLIENT_SEED_PATTERN.test(clientSeed)) throw new AppError('CLIENT_SEED_INVALID');
      await deps.transaction(async (tx, now) => {
        const pair = await lockActiveSeed(tx, userId, now);
        await tx.update(fairSeeds).set({ clientSeed }).where(eq(fairSeeds.id, pair.id));
      });
      cache.forget(userId);
      return seed(userId);
    },

    /** Reveals the active server seed and commits to a new one (same client seed, nonce 0). */
    async rotate(userId: number): Promise<SeedResponse> {
      await deps.transaction(async (tx, now) => {
        const pair = await lockActiveSeed(tx, userId, now);
        await tx.update(fairSeeds).set({ revealedAt: now }).where(eq(fairSeeds.id, pair.id));
        await tx.insert(fairSeeds).values(newSeedPair(userId, pair.clientSeed, now));
      });
      cache.forget(userId);
      return seed(userId);
    },
  };
}
