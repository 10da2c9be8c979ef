/**
 * The points shop's admin API (ours: the spec names no admin calls; docs/promotions/points-shop.md
 * "Admin API"): entries as rows, validated here for shape and by the server for meaning (the item
 * and grade exist, the campaign gives bags by grant, the window), each change recorded in the
 * audit log with who made it.
 */
import { z } from 'zod';
import { POINTS_SHOP_KINDS, POINTS_SHOP_LIMIT_PERIODS } from './points-shop-paths.ts';
import { recordId } from './record-id.ts';

export { ADMIN_POINTS_SHOP_PATHS } from './points-shop-paths.ts';

const int = () => z.number().int();
/** At most 100,000,000 points for one entry: more is a typo. */
export const POINTS_SHOP_MAX_PRICE = 100_000_000;
/** At most ¥10,000 of coins in one entry. */
export const POINTS_SHOP_MAX_COIN_UNITS = 100_000_000;
export const POINTS_SHOP_MAX_BAGS = 10;
export const POINTS_SHOP_MAX_STOCK = 1_000_000;
export const POINTS_SHOP_MAX_LIMIT = 1_000;

const reason = z.string().trim().max(200).default('');
const name = z.string().trim().max(40);
const epochMs = int().min(0).max(8_640_000_000_000_000);

const entryFields = {
  /** Names; an item's default to the catalogue's, coins' and bags' zh-CN one is required. */
  name_zh_cn: name.default(''),
  name_zh_tw: name.default(''),
  name_en: name.default(''),
  price: int().min(1).max(POINTS_SHOP_MAX_PRICE),
  /** Limit per player and period; null: none. */
  limit: int().min(1).max(POINTS_SHOP_MAX_LIMIT).nullable().default(null),
  limit_period: z.enum(POINTS_SHOP_LIMIT_PERIODS).default('day'),
  starts_at: epochMs.nullable().default(null),
  ends_at: epochMs.nullable().default(null),
  sort: int().min(0).max(1_000_000).default(0),
  enabled: z.boolean().default(true),
};

export const adminPointsShopInput = z.object({
  kind: z.enum(POINTS_SHOP_KINDS),
  /** item: a catalogue item and its wear grade (the best grade it comes in when absent). */
  item_id: recordId.nullable().default(null),
  exter: int().min(1).max(6).nullable().default(null),
  /** coin: the coins given (units). */
  coin: int().min(1).max(POINTS_SHOP_MAX_COIN_UNITS).nullable().default(null),
  /** bag: a grant campaign of the lucky bags and how many bags. */
  bag_campaign_id: recordId.nullable().default(null),
  bag_count: int().min(1).max(POINTS_SHOP_MAX_BAGS).default(1),
  /** Units on sale; null: unlimited. */
  stock: int().min(0).max(POINTS_SHOP_MAX_STOCK).nullable().default(null),
  ...entryFields,
  reason,
});
export type AdminPointsShopInput = z.infer<typeof adminPointsShopInput>;

/** Only the fields given change; what the entry sells and its stock are changed otherwise (add-stock, a new entry). */
export const adminPointsShopUpdate = z.object({
  id: recordId,
  name_zh_cn: name.optional(),
  name_zh_tw: name.optional(),
  name_en: name.optional(),
  price: entryFields.price.optional(),
  limit: int().min(1).max(POINTS_SHOP_MAX_LIMIT).nullable().optional(),
  limit_period: z.enum(POINTS_SHOP_LIMIT_PERIODS).optional(),
  starts_at: epochMs.nullable().optional(),
  ends_at: epochMs.nullable().optional(),
  sort: int().min(0).max(1_000_000).optional(),
  enabled: z.boolean().optional(),
  reason,
});
export type AdminPointsShopUpdate = z.infer<typeof adminPointsShopUpdate>;

export const adminPointsShopAddStock = z.object({
  id: recordId,
  add: int().min(1).max(POINTS_SHOP_MAX_STOCK),
  reason,
});

export const adminPointsShopWithdraw = z.object({ id: recordId, reason });

export const adminPointsShopEntry = z.object({
  id: int(),
  kind: z.enum(POINTS_SHOP_KINDS),
  name_zh_cn: z.string(),
  name_zh_tw: z.string(),
  name_en: z.string(),
  item_id: int().nullable(),
  exter: int().nullable(),
  coin: int().nullable(),
  bag_campaign_id: int().nullable(),
  bag_count: int().nullable(),
  /** What one purchase costs the house in coins (units): item price, coins, bags' expected value. */
  worth: int(),
  price: int(),
  stock: int().nullable(),
  limit: int().nullable(),
  limit_period: z.enum(POINTS_SHOP_LIMIT_PERIODS),
  starts_at: int().nullable(),
  ends_at: int().nullable(),
  sort: int(),
  enabled: z.boolean(),
  /** Enabled and within its window now. */
  active: z.boolean(),
  /** Purchases so far, the points they paid and their worth in coins. */
  sold: int(),
  points_taken: int(),
  worth_given: int(),
  created_at: int(),
  updated_at: int(),
});
export type AdminPointsShopEntry = z.infer<typeof adminPointsShopEntry>;
export const adminPointsShopEntries = z.object({ list: z.array(adminPointsShopEntry) });
