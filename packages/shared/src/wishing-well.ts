import { z } from 'zod';
import { recordId } from './record-id.ts';
import { pageQuery } from './wallet.ts';
import { WISH_CURRENCIES } from './wishing-well-paths.ts';

/**
 * Contract of the wishing well (许愿池; docs/promotions/wishing-well.md). A wish's price is in points
 * (one unit per point) or in coin units (1/10000 yuan), as its entry says; chances are ppm of
 * WISH_SCALE; an item's worth is in coin units.
 */
export {
  ADMIN_WISHING_WELL_PATHS,
  WISH_CURRENCIES,
  WISH_GAME,
  WISH_MAX_RTP_PPM,
  WISH_POINT_UNITS,
  WISH_SCALE,
  WISH_TRANSFER_KIND,
  WISHING_WELL_PATHS,
  WISHING_WELL_ROUTE,
  type WishCurrency,
} from './wishing-well-paths.ts';

const int = () => z.number().int();

/** The item an entry grants on a hit. */
const goods = {
  /** In the request's language (the catalogue's name unless the operator named it). */
  name: z.string(),
  img: z.string(),
  item_id: int(),
  /** Wear grade 1..6. */
  exter: int(),
  quality: int(),
  /** What the item is worth in coins (units): its price-table price in that grade. */
  worth: int(),
};

export const wishEntry = z.object({
  id: int(),
  ...goods,
  currency: z.enum(WISH_CURRENCIES),
  /** Per wish: points, or coin units. */
  price: int(),
  /** The chance a wish hits, ppm of WISH_SCALE. */
  chance_ppm: int(),
  /** The return to player, ppm: chance × worth ÷ price in coin units (points at WISH_POINT_UNITS). */
  rtp_ppm: int(),
});
export type WishEntry = z.infer<typeof wishEntry>;

export const wishingWellListResponse = z.object({
  /** The player's points and coins (units); null when signed out. */
  points: int().nullable(),
  money: int().nullable(),
  list: z.array(wishEntry),
});
export type WishingWellListResponse = z.infer<typeof wishingWellListResponse>;

/**
 * `price` and `chance_ppm` are what the player saw and confirmed: changed meanwhile, the wish is
 * refused, never paid at other terms. `request_id` (8-64 of [A-Za-z0-9_-]) once per confirmed wish.
 */
export const wishRequest = z.object({
  entry_id: recordId,
  price: int().min(1).max(Number.MAX_SAFE_INTEGER),
  chance_ppm: int().min(0).max(1_000_000),
  request_id: z.string(),
});
export type WishRequest = z.infer<typeof wishRequest>;

/** What a player checks a wish with: the seed pair at the wish's nonce (server seed once revealed). */
export const wishProof = z.object({
  nonce: int(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  /** Null until the pair is rotated. */
  server_seed: z.string().nullable(),
});
export type WishProof = z.infer<typeof wishProof>;

export const wishRecord = z.object({
  id: int(),
  entry_id: int(),
  ...goods,
  currency: z.enum(WISH_CURRENCIES),
  price: int(),
  chance_ppm: int(),
  /** The roll, uniform in [0, WISH_SCALE): a hit when roll < chance_ppm. */
  roll: int(),
  hit: z.boolean(),
  /** The inventory item a hit gave. */
  user_item_id: int().nullable(),
  created_at: int(),
  proof: wishProof,
});
export type WishRecord = z.infer<typeof wishRecord>;

export const wishResponse = z.object({
  wish: wishRecord,
  /** The player's points and coins (units) after it. */
  points: int(),
  money: int(),
});
export type WishResponse = z.infer<typeof wishResponse>;

export const wishRecordsQuery = pageQuery;
export const wishRecordsResponse = z.object({ list: z.array(wishRecord), total: int() });
export type WishRecordsResponse = z.infer<typeof wishRecordsResponse>;
