import { randomBytes } from 'node:crypto';
import { newServerSeed, serverSeedHash } from '@kaixiang/game/fair';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { fairSeeds } from '../../db/schema/boxes.ts';

/** A fresh seed pair for a player: a new secret server seed (its hash is what is shown), nonce 0. */
export function newSeedPair(userId: number, clientSeed: string, now: Date): typeof fairSeeds.$inferInsert {
  const seed = newServerSeed((n) => randomBytes(n));
  return { userId, serverSeed: seed, serverSeedHash: serverSeedHash(seed), clientSeed, createdAt: now };
}

/** The player's active seed pair, locked for this transaction; made on a player's first roll. */
export async function lockActiveSeed(tx: Tx, userId: number, now: Date) {
  const find = async () =>
    (
      await tx
        .select()
        .from(fairSeeds)
        .where(and(eq(fairSeeds.userId, userId), isNull(fairSeeds.revealedAt)))
        .for('update')
    )[0];
  // A rotation committing while we wait for the row lock hides the pair we waited for, and its
  // successor was made after our statement's snapshot: look again (each look is a new snapshot).
  for (let attempt = 0; attempt < 20; attempt++) {
    const found = await find();
    if (found) return found;
    await tx
      .insert(fairSeeds)
      .values(newSeedPair(userId, randomBytes(8).toString('hex'), now))
      .onConflictDoNothing();
  }
  throw new Error('no active seed pair after 20 attempts');
}
