import { z } from 'zod';
import { POINTS_SHOP_KINDS, POINTS_SHOP_LIMIT_PERIODS, POINTS_SHOP_STATES } from './points-shop-paths.ts';
import { recordId } from './record-id.ts';
import { pageQuery } from './wallet.ts';

/**
 * Contract of the points shop (积分商城; docs/promotions/points-shop.md). Prices are in points
 * (the `point` ledger currency, one unit per point); coins are in units (1/10000 yuan).
 */
export {
  ADMIN_POINTS_SHOP_PATHS,
  POINTS_SHOP_KINDS,
  POINTS_SHOP_LIMIT_PERIODS,
  POINTS_SHOP_PATHS,
  POINTS_SHOP_ROUTE,
  POINTS_SHOP_STATES,
  POINTS_SHOP_TRANSFER_KIND,
  type PointsShopKind,
  type PointsShopLimitPeriod,
  type PointsShopState,
} from './points-shop-paths.ts';

const int = () => z.number().int();

/** What an entry gives, whichever its kind (the fields of the other kinds are null). */
const goods = {
  kind: z.enum(POINTS_SHOP_KINDS),
  /** The entry's name in the request's language (an item's: the catalogue's unless the operator named it). */
  name: z.string(),
  /** The item's picture; '' for coins and bags (the page draws them). */
  img: z.string(),
  item_id: int().nullable(),
  /** The item's wear grade 1..6. */
  exter: int().nullable(),
  quality: int().nullable(),
  /** Coins given (units). */
  coin: int().nullable(),
  bag_campaign_id: int().nullable(),
  bag_count: int().nullable(),
};

export const pointsShopEntry = z.object({
  id: int(),
  ...goods,
  /** What it is worth in coins (units): the item's price, the coins, the bags' expected value. */
  worth: int(),
  /** Price in points. */
  price: int(),
  /** Units left; null: unlimited. */
  stock: int().nullable(),
  /** Purchases a player may make per period; null: no limit. */
  limit: int().nullable(),
  limit_period: z.enum(POINTS_SHOP_LIMIT_PERIODS),
  /** The player's purchases of it in the current period (0 when signed out). */
  bought: int(),
  /** What the player may still buy of it in the period; null: no limit (or signed out). */
  remaining: int().nullable(),
  starts_at: int().nullable(),
  ends_at: int().nullable(),
  state: z.enum(POINTS_SHOP_STATES),
});
export type PointsShopEntry = z.infer<typeof pointsShopEntry>;

export const pointsShopListResponse = z.object({
  /** The player's points; null when signed out. */
  points: int().nullable(),
  server_time: int(),
  list: z.array(pointsShopEntry),
});
export type PointsShopListResponse = z.infer<typeof pointsShopListResponse>;

/**
 * `price` is the price the player confirmed: a price changed meanwhile is refused, never charged.
 * `request_id` (8-64 of [A-Za-z0-9_-]) is made once per confirmed purchase: a retry of it buys once.
 */
export const pointsShopBuyRequest = z.object({
  entry_id: recordId,
  price: int().min(1).max(Number.MAX_SAFE_INTEGER),
  request_id: z.string(),
});
export type PointsShopBuyRequest = z.infer<typeof pointsShopBuyRequest>;

export const pointsShopPurchase = z.object({
  id: int(),
  entry_id: int(),
  ...goods,
  /** Points paid. */
  price: int(),
  /** The inventory item an item entry gave. */
  user_item_id: int().nullable(),
  created_at: int(),
});
export type PointsShopPurchase = z.infer<typeof pointsShopPurchase>;

export const pointsShopBuyResponse = z.object({
  purchase: pointsShopPurchase,
  /** The player's points after it. */
  points: int(),
  /** The player's coin balance after it (units). */
  money: int(),
});
export type PointsShopBuyResponse = z.infer<typeof pointsShopBuyResponse>;

export const pointsShopRecordsQuery = pageQuery;
export const pointsShopRecordsResponse = z.object({ list: z.array(pointsShopPurchase), total: int() });
export type PointsShopRecordsResponse = z.infer<typeof pointsShopRecordsResponse>;
