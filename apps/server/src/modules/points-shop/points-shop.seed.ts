import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bagCampaigns } from '../../db/schema/bags.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { pointsShopEntries } from '../../db/schema/points-shop.ts';
import { type GoodsInput, resolveGoods } from './points-shop.goods.ts';

/** Points per yuan of worth an item is priced at by default: 1 point ≈ ¥0.01, plus a fifth. */
const ITEM_POINTS_PER_10000_UNITS = 120;

type Default = {
  slug: string;
  goods: GoodsInput;
  /** Price in points; for items, from their worth when absent. */
  price?: number;
  stock: number | null;
  limit: number | null;
  limitPeriod: 'day' | 'ever';
  sort: number;
};

const none = { item_id: null, exter: null, coin: null, bag_campaign_id: null, bag_count: 1 };

/**
 * The default shop (docs/promotions/points-shop.md "Defaults"), priced for what sign-in and the
 * daily tasks pay (10–100 points a day each): ¥0.50 (what a new player earns on the first
 * day: sign-in and the two box tasks), ¥1 and ¥5 of coins once a day each, the gift lucky
 * bag twice a day, and three items of the seeded catalogue, a cheap one, a middling one, and a
 * rarer one of limited stock once per player. Seeded once each (by slug): operators' edits survive.
 */
export async function seedPointsShop(db: Db, nowMs: number): Promise<number> {
  const defs = await db.select().from(itemDefs).orderBy(asc(itemDefs.id));
  const middleOf = (quality: number) => {
    const of = defs.filter((d) => d.quality === quality && d.weaponClass !== 'knife' && d.weaponClass !== 'gloves');
    return of[Math.floor(of.length / 2)];
  };
  const [gift] = await db.select({ id: bagCampaigns.id }).from(bagCampaigns).where(eq(bagCampaigns.slug, 'gift'));
  const defaults: Default[] = [
    // Within a new player's first day: sign-in (10) and the two box tasks (10 + 30) pay 50.
    {
      slug: 'coin_050',
      goods: { ...none, kind: 'coin', coin: 5_000 },
      price: 50,
      stock: null,
      limit: 1,
      limitPeriod: 'day',
      sort: 5,
    },
    {
      slug: 'coin_1',
      goods: { ...none, kind: 'coin', coin: 10_000 },
      price: 100,
      stock: null,
      limit: 1,
      limitPeriod: 'day',
      sort: 10,
    },
    {
      slug: 'coin_5',
      goods: { ...none, kind: 'coin', coin: 50_000 },
      price: 480,
      stock: null,
      limit: 1,
      limitPeriod: 'day',
      sort: 20,
    },
  ];
  if (gift) {
    defaults.push({
      slug: 'gift_bag',
      goods: { ...none, kind: 'bag', bag_campaign_id: gift.id },
      price: 150,
      stock: null,
      limit: 2,
      limitPeriod: 'day',
      sort: 30,
    });
  }
  const items: [number, Pick<Default, 'stock' | 'limit' | 'limitPeriod'>][] = [
    [2, { stock: null, limit: 3, limitPeriod: 'day' }],
    [3, { stock: 200, limit: 1, limitPeriod: 'day' }],
    [4, { stock: 20, limit: 1, limitPeriod: 'ever' }],
  ];
  items.forEach(([quality, rules], i) => {
    const def = middleOf(quality);
    if (def)
      defaults.push({
        slug: `item_q${quality}`,
        goods: { ...none, kind: 'item', item_id: def.id },
        ...rules,
        sort: 40 + i * 10,
      });
  });

  const now = new Date(nowMs);
  let made = 0;
  for (const d of defaults) {
    const goods = await resolveGoods(db, d.goods);
    const price = d.price ?? Math.max(10, Math.ceil((goods.worthUnits * ITEM_POINTS_PER_10000_UNITS) / 10_000));
    const rows = await db
      .insert(pointsShopEntries)
      .values({
        slug: d.slug,
        kind: goods.kind,
        nameZhCn: goods.names.zhCn,
        nameZhTw: goods.names.zhTw,
        nameEn: goods.names.en,
        itemDefId: goods.itemDefId,
        exter: goods.exter,
        coinUnits: goods.coinUnits,
        bagCampaignId: goods.bagCampaignId,
        bagCount: goods.bagCount,
        worthUnits: goods.worthUnits,
        pricePoints: price,
        stock: d.stock,
        limitCount: d.limit,
        limitPeriod: d.limitPeriod,
        sort: d.sort,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: pointsShopEntries.slug })
      .returning({ id: pointsShopEntries.id });
    made += rows.length;
  }
  return made;
}
