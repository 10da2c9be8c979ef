import { isLucky, luckyRoll } from '@kaixiang/game/lucky';
import { ok } from '@kaixiang/shared/envelope';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { fairSeeds } from '../../db/schema/boxes.ts';
import { lockActiveSeed, newSeedPair } from '../boxes/fair-seeds.ts';

/** How many client seeds to try: a lucky one comes about every 108, so this never runs out in practice. */
const TRIES = 100_000;

/**
 * Development-only (never registered in production): POST /dev/test/lucky-next {user_id} makes
 * the player's next opened box lucky, so a person trying the site and the browser tests can see
 * the lucky player without opening a hundred boxes. It rotates the player's seed pair as the
 * player's own rotation does (the old server seed revealed, a new one committed, nonce 0) and
 * picks the first client seed `lucky-<i>` whose lucky roll at nonce 0 is 0: the same steering a
 * player could do themselves once they knew the seed, and every roll stays verifiable.
 */
export function luckyDevRoutes(deps: { transaction: <T>(fn: (tx: Tx, now: Date) => Promise<T>) => Promise<T> }) {
  const plugin: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/dev/test/lucky-next',
      { schema: { hide: true, body: z.object({ user_id: z.number().int().positive() }) } },
      async (req) => {
        const userId = req.body.user_id;
        const clientSeed = await deps.transaction(async (tx, now) => {
          const pair = await lockActiveSeed(tx, userId, now);
          await tx.update(fairSeeds).set({ revealedAt: now }).where(eq(fairSeeds.id, pair.id));
          const next = newSeedPair(userId, pair.clientSeed, now);
          for (let i = 0; i < TRIES; i++) {
            const candidate = `lucky-${i}`;
            if (!isLucky(luckyRoll({ serverSeed: next.serverSeed, clientSeed: candidate, nonce: 0 }))) continue;
            await tx.insert(fairSeeds).values({ ...next, clientSeed: candidate });
            return candidate;
          }
          throw new Error('no lucky client seed found');
        });
        return ok({ user_id: userId, client_seed: clientSeed });
      },
    );
  };
  return plugin;
}
