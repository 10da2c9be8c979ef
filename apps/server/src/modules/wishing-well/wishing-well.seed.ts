import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { wishEntries } from '../../db/schema/wishing-well.ts';
import { resolveWishItem } from './wishing-well.admin.ts';

/** The return the defaults are priced at: 90 %, under the 95 % bound with room for rounding up. */
const DEFAULT_RTP_PPM = 900_000;

type Default = {
  slug: string;
  quality: number;
  knife?: boolean;
  currency: 'point' | 'coin';
  chancePpm: number;
  sort: number;
};

const DEFAULTS: Default[] = [
  { slug: 'q3_points', quality: 3, currency: 'point', chancePpm: 200_000, sort: 10 },
  { slug: 'q4_points', quality: 4, currency: 'point', chancePpm: 50_000, sort: 20 },
  { slug: 'q5_coin', quality: 5, currency: 'coin', chancePpm: 100_000, sort: 30 },
  { slug: 'knife_coin', quality: 7, knife: true, currency: 'coin', chancePpm: 10_000, sort: 40 },
];

/**
 * The default wishing well (docs/promotions/wishing-well.md "Defaults"): the middle item of the
 * seeded catalogue's qualities 3 and 4 for points (20 % and 5 %), of quality 5 for coins (10 %) and a
 * knife for coins (1 %), each priced so a wish returns 90 % of what it costs: points at
 * WISH_POINT_UNITS a point, rounded up to a whole point; coins rounded up to ¥0.01. Seeded once
 * each (by slug): operators' edits survive.
 */
export async function seedWishingWell(db: Db, nowMs: number): Promise<number> {
  const defs = await db.select().from(itemDefs).orderBy(asc(itemDefs.id));
  const now = new Date(nowMs);
  let made = 0;
  for (const d of DEFAULTS) {
    const of = defs.filter(
      (x) =>
        x.quality === d.quality &&
        (d.knife ? x.weaponClass === 'knife' : x.weaponClass !== 'knife' && x.weaponClass !== 'gloves'),
    );
    const def = of[Math.floor(of.length / 2)];
    if (!def) continue;
    const item = await resolveWishItem(db, def.id, null);
    // The price at which the chance returns DEFAULT_RTP_PPM, in coin units, then in the currency.
    const units = Math.ceil((d.chancePpm * item.worthUnits) / DEFAULT_RTP_PPM);
    const price =
      d.currency === 'point' ? Math.max(1, Math.ceil(units / 100)) : Math.max(100, Math.ceil(units / 100) * 100);
    const rows = await db
      .insert(wishEntries)
      .values({
        slug: d.slug,
        itemDefId: item.itemDefId,
        exter: item.exter,
        nameZhCn: item.names.zhCn,
        nameZhTw: item.names.zhTw,
        nameEn: item.names.en,
        worthUnits: item.worthUnits,
        currency: d.currency,
        price,
        chancePpm: d.chancePpm,
        sort: d.sort,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: wishEntries.slug })
      .returning({ id: wishEntries.id });
    made += rows.length;
  }
  return made;
}
