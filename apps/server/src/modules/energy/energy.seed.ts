import { bagExpectedValue, bagTableHash } from '@kaixiang/game/bags';
import { FREE_BOX_KINDS } from '@kaixiang/shared/energy-paths';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type BagTableRow, bagCampaigns, bagTables } from '../../db/schema/bags.ts';
import { boxes } from '../../db/schema/boxes.ts';
import { energyLevels, freeBoxes } from '../../db/schema/energy.ts';

const YUAN = 10_000;

/** A level's table: base × ¥0.5 / ¥1 / ¥2 / ¥5 / ¥20 at 60 / 25 / 10 / 4.5 / 0.5 %; ev base × ¥1.075. */
const tableOf = (base: number): BagTableRow[] => [
  { amountUnits: base * 5_000, tickets: 600_000 },
  { amountUnits: base * 10_000, tickets: 250_000 },
  { amountUnits: base * 20_000, tickets: 100_000 },
  { amountUnits: base * 50_000, tickets: 45_000 },
  { amountUnits: base * 200_000, tickets: 5_000 },
];

/**
 * The default levels (docs/promotions/energy-box.md "Defaults"): energy staked in a China week of
 * ¥100, ¥500, ¥2,000, ¥10,000 and ¥50,000, each box paying on average about 1.075 % of its level
 * (¥1.075 … ¥537.50). Operators change them through admin/v1/energy and admin/v1/bags.
 */
const DEFAULTS = [
  { level: 1, energy: 100, base: 1, zhCn: '青铜能量箱', zhTw: '青銅能量箱', en: 'Bronze energy box' },
  { level: 2, energy: 500, base: 5, zhCn: '白银能量箱', zhTw: '白銀能量箱', en: 'Silver energy box' },
  { level: 3, energy: 2_000, base: 20, zhCn: '黄金能量箱', zhTw: '黃金能量箱', en: 'Gold energy box' },
  { level: 4, energy: 10_000, base: 100, zhCn: '铂金能量箱', zhTw: '鉑金能量箱', en: 'Platinum energy box' },
  { level: 5, energy: 50_000, base: 500, zhCn: '钻石能量箱', zhTw: '鑽石能量箱', en: 'Diamond energy box' },
] as const;

/**
 * The free boxes: both on, each opening the cheapest box on sale (a first taste, paid by the
 * house). Inserted once by kind: an operator's choice survives restarts.
 */
export async function seedFreeBoxes(db: Db, nowMs: number): Promise<void> {
  const [cheapest] = await db
    .select({ id: boxes.id })
    .from(boxes)
    .where(eq(boxes.onSale, true))
    .orderBy(asc(boxes.priceUnits))
    .limit(1);
  if (!cheapest) return;
  for (const kind of FREE_BOX_KINDS) {
    await db
      .insert(freeBoxes)
      .values({ kind, boxId: cheapest.id, enabled: true, updatedAt: new Date(nowMs) })
      .onConflictDoNothing({ target: freeBoxes.kind });
  }
}

/** Seeds each default level's campaign (kind energy, by slug) and level row once. Idempotent; edits survive. */
export async function seedEnergy(db: Db, nowMs: number): Promise<void> {
  const now = new Date(nowMs);
  for (const d of DEFAULTS) {
    await db.transaction(async (tx) => {
      const table = tableOf(d.base);
      const [made] = await tx
        .insert(bagCampaigns)
        .values({
          slug: `energy_${d.level}`,
          kind: 'energy',
          nameZhCn: d.zhCn,
          nameZhTw: d.zhTw,
          nameEn: d.en,
          tableVersion: 1,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: bagCampaigns.slug })
        .returning({ id: bagCampaigns.id });
      if (!made) return;
      await tx.insert(bagTables).values({
        campaignId: made.id,
        version: 1,
        entries: table,
        tableHash: bagTableHash(table),
        evUnits: bagExpectedValue(table).evUnits,
        createdAt: now,
      });
      await tx
        .insert(energyLevels)
        .values({
          level: d.level,
          energyUnits: d.energy * YUAN,
          campaignId: made.id,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: energyLevels.level });
    });
  }
}
