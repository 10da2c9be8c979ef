import { bagExpectedValue, bagTableHash } from '@kaixiang/game/bags';
import type { Db } from '../../db/client.ts';
import { type BagTableRow, type BagVipLevel, bagCampaigns, bagTables } from '../../db/schema/bags.ts';

/** A small bag: ¥0.5 half the time … ¥88 twice in a thousand; it pays ¥1.446 on average. */
const SMALL_TABLE: BagTableRow[] = [
  { amountUnits: 5_000, tickets: 500_000 },
  { amountUnits: 10_000, tickets: 300_000 },
  { amountUnits: 20_000, tickets: 120_000 },
  { amountUnits: 50_000, tickets: 60_000 },
  { amountUnits: 100_000, tickets: 18_000 },
  { amountUnits: 880_000, tickets: 2_000 },
];

/** A level-up bag: ¥1 … ¥188; it pays ¥4.076 on average. */
const LEVEL_TABLE: BagTableRow[] = [
  { amountUnits: 10_000, tickets: 400_000 },
  { amountUnits: 20_000, tickets: 300_000 },
  { amountUnits: 50_000, tickets: 200_000 },
  { amountUnits: 100_000, tickets: 80_000 },
  { amountUnits: 500_000, tickets: 18_000 },
  { amountUnits: 1_880_000, tickets: 2_000 },
];

const EVERY_LEVEL: BagVipLevel[] = Array.from({ length: 10 }, (_, i) => ({ level: i + 1, count: 1 }));

/**
 * The default campaigns (docs/promotions/bags.md "Default campaigns"): a bag on each day a player
 * recharges at least ¥10 (the spec's minimum top-up), one per VIP level reached, and a gift
 * campaign for mail, redeem codes and hand grants. Operators change them through the admin API.
 */
const DEFAULTS = [
  {
    slug: 'daily_recharge',
    kind: 'daily_recharge',
    nameZhCn: '每日充值福袋',
    nameZhTw: '每日儲值福袋',
    nameEn: 'Daily recharge lucky bag',
    minRechargeUnits: 100_000,
    vipLevels: [],
    table: SMALL_TABLE,
  },
  {
    slug: 'vip_level',
    kind: 'vip_level',
    nameZhCn: 'VIP升级福袋',
    nameZhTw: 'VIP升級福袋',
    nameEn: 'VIP level-up lucky bag',
    minRechargeUnits: 1,
    vipLevels: EVERY_LEVEL,
    table: LEVEL_TABLE,
  },
  {
    slug: 'gift',
    kind: 'grant',
    nameZhCn: '幸运福袋',
    nameZhTw: '幸運福袋',
    nameEn: 'Lucky bag',
    minRechargeUnits: 1,
    vipLevels: [],
    table: SMALL_TABLE,
  },
] as const;

/** Seeds the default campaigns once each (by slug), each with its table as version 1. Idempotent; edits survive. */
export async function seedBags(db: Db, nowMs: number): Promise<void> {
  const now = new Date(nowMs);
  for (const d of DEFAULTS) {
    await db.transaction(async (tx) => {
      const { table, ...campaign } = d;
      const [made] = await tx
        .insert(bagCampaigns)
        .values({ ...campaign, vipLevels: [...campaign.vipLevels], tableVersion: 1, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: bagCampaigns.slug })
        .returning({ id: bagCampaigns.id });
      if (!made) return;
      await tx.insert(bagTables).values({
        campaignId: made.id,
        version: 1,
        entries: [...table],
        tableHash: bagTableHash(table),
        evUnits: bagExpectedValue(table).evUnits,
        createdAt: now,
      });
    });
  }
}
