import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bagCampaigns } from '../../db/schema/bags.ts';
import { signInRewards } from '../../db/schema/sign-in.ts';

/**
 * The default cycle (docs/promotions/sign-in.md "Default rewards"): points every day, rising,
 * coins on days 3 and 5, and day 7 the big one: 100 points and a 幸运福袋 (the bags' seeded grant
 * campaign). A player who never misses a day costs 310 points and ¥1.50 + one bag (¥1.446 expected)
 * a week. Seeded once: an operator's table survives restarts.
 */
export async function seedSignIn(db: Db, nowMs: number): Promise<void> {
  const [gift] = await db.select({ id: bagCampaigns.id }).from(bagCampaigns).where(eq(bagCampaigns.slug, 'gift'));
  const now = new Date(nowMs);
  const day = (d: number, points: number, coinUnits = 0, bags = 0) => ({
    day: d,
    points,
    coinUnits,
    bagCampaignId: bags > 0 && gift ? gift.id : null,
    bagCount: bags > 0 && gift ? bags : 0,
    updatedAt: now,
  });
  await db
    .insert(signInRewards)
    .values([day(1, 10), day(2, 20), day(3, 30, 5_000), day(4, 40), day(5, 50, 10_000), day(6, 60), day(7, 100, 0, 1)])
    .onConflictDoNothing();
}
