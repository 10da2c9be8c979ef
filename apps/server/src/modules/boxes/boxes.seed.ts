import { cs2CaseOdds, DEFAULT_RTP_BP, priceForRtp, rtpBpOf, weightedOdds } from '@kaixiang/game/box-design';
import { oddsHash } from '@kaixiang/game/fair';
import { BOX_TICKETS } from '@kaixiang/shared/boxes';
import { type LocalizedText, type WeaponClass, type WearGrade, wearGradesFor } from '@kaixiang/shared/items';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type BoxContentRow, boxCategories, boxes, boxVersions } from '../../db/schema/boxes.ts';
import { loadCatalogue } from '../catalogue/catalogue.seed.ts';
import type { CatalogueItem } from '../catalogue/catalogue.types.ts';
import { tablePriceUnits } from '../catalogue/item-prices.ts';
import { expectedValueOf, insertBoxVersion } from './box-versions.ts';

/**
 * The boxes on sale, built from the catalogue (docs/boxes.md, Boxes):
 * - every real CS2 case, with CS2's published rarity odds (79.92 / 15.98 / 3.20 / 0.64 / 0.26 %);
 * - themed boxes at several price points, odds falling with an item's price.
 * Each item drops at one wear grade, its "typical" one (the middle of the grades its float range
 * covers), priced by the price table. A box's price is set so its expected return is the RTP.
 */
export const CATEGORY_THEMED = 1;
export const CATEGORY_CASES = 2;

const CATEGORIES = [
  { id: CATEGORY_THEMED, nameZhCn: '主题箱', nameZhTw: '主題箱', nameEn: 'Themed boxes', sort: 1 },
  { id: CATEGORY_CASES, nameZhCn: 'CS2 武器箱', nameZhTw: 'CS2 武器箱', nameEn: 'CS2 weapon cases', sort: 2 },
];

export interface BoxPlan {
  id: number;
  slug: string;
  categoryId: number;
  name: LocalizedText;
  image: string;
  fallbackImage: string;
  sort: number;
  contents: BoxContentRow[];
  priceUnits: number;
  rtpBp: number;
}

/** The wear grade an item drops at in our boxes: the middle grade its float range covers. */
export function typicalGrade(item: Pick<CatalogueItem, 'wearMin' | 'wearMax'>): WearGrade {
  const grades = wearGradesFor(item.wearMin, item.wearMax);
  const grade = grades[Math.floor((grades.length - 1) / 2)];
  if (grade === undefined) throw new Error('an item without a wear grade');
  return grade;
}

/**
 * The seeded boxes are planned on the price table alone, never the operator's prices: the same
 * catalogue gives the same boxes on every machine and every start, and a price set in the console
 * never re-versions or re-prices a box behind the operator's back. It reaches a box when the
 * operator saves a new version of it (the console's odds editor prices entries at today's prices).
 */
function itemPrice(item: CatalogueItem, exter: WearGrade): number {
  return tablePriceUnits(item, exter);
}

function priced(entries: { itemId: number; exter: number; tickets: number }[], byId: Map<number, CatalogueItem>) {
  const contents: BoxContentRow[] = entries.map((e) => {
    const item = byId.get(e.itemId);
    if (!item) throw new Error(`box item ${e.itemId} is not in the catalogue`);
    return { ...e, priceUnits: itemPrice(item, e.exter as WearGrade) };
  });
  const ev = expectedValueOf(contents);
  const price = priceForRtp(ev, DEFAULT_RTP_BP);
  return { contents, priceUnits: price, rtpBp: rtpBpOf(ev, price) };
}

interface Theme {
  slug: string;
  name: LocalizedText;
  pick: (item: CatalogueItem) => boolean;
  /** How many items, spread evenly over the price range of those picked. */
  size: number;
  /** Odds ∝ price^-exponent. */
  exponent: number;
  /** Extra items (e.g. a few knives in a cheap box): filter and how many of the cheapest. */
  extra?: { pick: (item: CatalogueItem) => boolean; size: number };
}

const cls =
  (...classes: WeaponClass[]) =>
  (i: CatalogueItem) =>
    classes.includes(i.weaponClass) && !i.special;

const THEMES: Theme[] = [
  {
    slug: 'theme:starter',
    name: { 'zh-CN': '新手箱', 'zh-TW': '新手箱', 'en-US': 'Starter Box' },
    pick: (i) => !i.special && i.quality <= 3,
    size: 16,
    exponent: 0.6,
  },
  {
    slug: 'theme:lucky',
    name: { 'zh-CN': '幸运箱', 'zh-TW': '幸運箱', 'en-US': 'Lucky Box' },
    pick: (i) => !i.special && i.quality <= 2,
    size: 14,
    exponent: 1.3,
    extra: { pick: (i) => i.weaponClass === 'knife', size: 2 },
  },
  {
    slug: 'theme:pistol',
    name: { 'zh-CN': '手枪箱', 'zh-TW': '手槍箱', 'en-US': 'Pistol Box' },
    pick: cls('pistol'),
    size: 18,
    exponent: 1,
  },
  {
    slug: 'theme:rifle',
    name: { 'zh-CN': '步枪箱', 'zh-TW': '步槍箱', 'en-US': 'Rifle Box' },
    pick: (i) => cls('rifle')(i) && i.quality >= 3,
    size: 18,
    exponent: 1,
  },
  {
    slug: 'theme:sniper',
    name: { 'zh-CN': '狙击箱', 'zh-TW': '狙擊箱', 'en-US': 'Sniper Box' },
    pick: cls('sniper'),
    size: 16,
    exponent: 1,
  },
  {
    slug: 'theme:covert',
    name: { 'zh-CN': '隐秘箱', 'zh-TW': '隱密箱', 'en-US': 'Covert Box' },
    pick: (i) => !i.special && i.quality === 5,
    size: 16,
    exponent: 1,
  },
  {
    slug: 'theme:gloves',
    name: { 'zh-CN': '手套箱', 'zh-TW': '手套箱', 'en-US': 'Gloves Box' },
    pick: (i) => i.weaponClass === 'gloves',
    size: 12,
    exponent: 1,
  },
  {
    slug: 'theme:knife',
    name: { 'zh-CN': '匕首箱', 'zh-TW': '刀械箱', 'en-US': 'Knife Box' },
    pick: (i) => i.weaponClass === 'knife',
    size: 16,
    exponent: 1,
  },
];

/** `size` items spread evenly over the price-sorted list (cheapest and dearest included). */
function spread<T>(sorted: T[], size: number): T[] {
  if (sorted.length <= size) return sorted;
  const out: T[] = [];
  for (let i = 0; i < size; i++) {
    const item = sorted[Math.round((i * (sorted.length - 1)) / (size - 1))];
    if (item !== undefined && !out.includes(item)) out.push(item);
  }
  return out;
}

/** Every box, computed from the catalogue alone (no database): the same input gives the same boxes. */
export function planBoxes(): BoxPlan[] {
  const catalogue = loadCatalogue();
  const byId = new Map(catalogue.items.map((i) => [i.id, i]));
  const plans: BoxPlan[] = [];

  THEMES.forEach((theme, index) => {
    const withPrice = (pickFn: (i: CatalogueItem) => boolean) =>
      catalogue.items
        .filter(pickFn)
        .map((item) => ({ item, exter: typicalGrade(item), price: itemPrice(item, typicalGrade(item)) }))
        .sort((a, b) => a.price - b.price || a.item.id - b.item.id);
    const chosen = spread(withPrice(theme.pick), theme.size);
    if (theme.extra) chosen.push(...withPrice(theme.extra.pick).slice(0, theme.extra.size));
    const odds = weightedOdds(
      chosen.map((c) => ({ itemId: c.item.id, exter: c.exter, price: c.price })),
      theme.exponent,
    );
    const id = 1_000_001 + index;
    plans.push({
      id,
      slug: theme.slug,
      categoryId: CATEGORY_THEMED,
      name: theme.name,
      image: `/img/boxes/${id}.svg`,
      fallbackImage: `/img/boxes/${id}.svg`,
      sort: index,
      ...priced(odds, byId),
    });
  });

  catalogue.cases.forEach((box, index) => {
    const items = [...box.itemIds, ...box.specialItemIds]
      .map((id) => byId.get(id))
      .filter((i): i is CatalogueItem => i !== undefined)
      .map((item) => ({ itemId: item.id, exter: typicalGrade(item), quality: item.quality }));
    plans.push({
      id: box.id,
      slug: `case:${box.id}`,
      categoryId: CATEGORY_CASES,
      name: box.name,
      image: `${catalogue.imageBaseUrl}${box.image}`,
      fallbackImage: `/img/cases/${box.id}.svg`,
      sort: index,
      ...priced(cs2CaseOdds(items), byId),
    });
  });
  return plans;
}

/**
 * Idempotent: a box whose contents, price and RTP are unchanged is left alone; a changed box gets
 * a new version (old versions stay, past rolls point at them). A box whose current version was
 * saved in the console (created_by set) is the operator's now: the seed leaves it alone, else
 * every start would undo the operator's odds. Likewise names, category and picture once changed in
 * the console (details_edited_by set).
 */
export async function seedBoxes(db: Db): Promise<{ boxes: number; newVersions: number }> {
  const plans = planBoxes();
  let newVersions = 0;
  await db.transaction(async (tx) => {
    await tx
      .insert(boxCategories)
      .values(CATEGORIES)
      .onConflictDoUpdate({
        target: boxCategories.id,
        set: {
          nameZhCn: sql`excluded.name_zh_cn`,
          nameZhTw: sql`excluded.name_zh_tw`,
          nameEn: sql`excluded.name_en`,
          sort: sql`excluded.sort`,
        },
      });
    for (const plan of plans) {
      const hash = oddsHash(plan.contents, BOX_TICKETS);
      const [existing] = await tx.select().from(boxes).where(eq(boxes.id, plan.id));
      let version = existing?.version ?? 0;
      if (existing) {
        const [current] = await tx
          .select({
            oddsHash: boxVersions.oddsHash,
            priceUnits: boxVersions.priceUnits,
            createdBy: boxVersions.createdBy,
          })
          .from(boxVersions)
          .where(and(eq(boxVersions.boxId, plan.id), eq(boxVersions.version, version)));
        if (current && current.createdBy !== null) continue;
        if (!current || current.oddsHash !== hash || current.priceUnits !== plan.priceUnits) version += 1;
      } else {
        version = 1;
      }
      if (version !== existing?.version) {
        newVersions += 1;
        await insertBoxVersion(tx, {
          boxId: plan.id,
          version,
          contents: plan.contents,
          priceUnits: plan.priceUnits,
          rtpBp: plan.rtpBp,
          createdBy: null,
        });
      }
      const row = {
        id: plan.id,
        categoryId: plan.categoryId,
        slug: plan.slug,
        nameZhCn: plan.name['zh-CN'],
        nameZhTw: plan.name['zh-TW'],
        nameEn: plan.name['en-US'],
        image: plan.image,
        fallbackImage: plan.fallbackImage,
        priceUnits: plan.priceUnits,
        rtpBp: plan.rtpBp,
        version,
        sort: plan.sort,
      };
      // Names, category and picture changed in the console are the operator's: kept as they are.
      const { categoryId, nameZhCn, nameZhTw, nameEn, image, ...ours } = row;
      const set = existing?.detailsEditedBy != null ? ours : row;
      await tx.insert(boxes).values(row).onConflictDoUpdate({ target: boxes.id, set });
    }
  });
  return { boxes: plans.length, newVersions };
}
