import { eq } from 'drizzle-orm';
import { vipLevels } from '../../src/db/schema/vip.ts';
import { vipStatusOf } from '../../src/modules/vip/vip.service.ts';
import { recharge } from '../../src/modules/vip/vip.test-support.ts';
import type { TestApp } from './test-app.ts';

/**
 * Brings a player to exactly `level` the way a real player gets there: a recharge (ledger kind
 * `recharge`) up to the level's threshold, then the VIP module's own sync of `users.vip_level`,
 * the column every list's badge reads. Throws when the player ends up elsewhere (already higher).
 */
export async function reachVipLevel(t: TestApp, userId: number, level: number): Promise<void> {
  const db = t.rt.database.db;
  const [row] = await db.select().from(vipLevels).where(eq(vipLevels.level, level));
  if (!row) throw new Error(`no VIP level ${level}`);
  const before = await vipStatusOf(db, userId);
  const missing = row.thresholdUnits - before.expUnits;
  if (missing > 0) await recharge(t, userId, missing);
  const after = await vipStatusOf(db, userId);
  if (after.level !== level) throw new Error(`player ${userId} is at VIP ${after.level}, not ${level}`);
}
