/**
 * The wishing well's admin API (ours: docs/promotions/wishing-well.md "Admin API"): entries as rows,
 * validated here for shape and by the server for meaning (the item and grade exist, the return to
 * player stays at or below WISH_MAX_RTP_PPM), each change recorded in the audit log with who made it.
 */
import { z } from 'zod';
import { recordId } from './record-id.ts';
import { WISH_CURRENCIES } from './wishing-well-paths.ts';

export { ADMIN_WISHING_WELL_PATHS } from './wishing-well-paths.ts';

const int = () => z.number().int();
/** At most 100,000,000 points or units (¥10,000) a wish: more is a typo. */
export const WISH_MAX_PRICE = 100_000_000;

const reason = z.string().trim().max(200).default('');
const name = z.string().trim().max(40);
const chance = int().min(1).max(1_000_000);
const price = int().min(1).max(WISH_MAX_PRICE);
const sort = int().min(0).max(1_000_000);

export const adminWishInput = z.object({
  /** The catalogue item a hit grants, in a wear grade (the best grade it comes in when absent). */
  item_id: recordId,
  exter: int().min(1).max(6).nullable().default(null),
  /** Names default to the catalogue's. */
  name_zh_cn: name.default(''),
  name_zh_tw: name.default(''),
  name_en: name.default(''),
  currency: z.enum(WISH_CURRENCIES),
  price,
  /** ppm of 1,000,000. */
  chance_ppm: chance,
  sort: sort.default(0),
  enabled: z.boolean().default(true),
  reason,
});
export type AdminWishInput = z.infer<typeof adminWishInput>;

/** Only the fields given change; the item and the currency are fixed (make a new entry). */
export const adminWishUpdate = z.object({
  id: recordId,
  name_zh_cn: name.optional(),
  name_zh_tw: name.optional(),
  name_en: name.optional(),
  price: price.optional(),
  chance_ppm: chance.optional(),
  sort: sort.optional(),
  enabled: z.boolean().optional(),
  reason,
});
export type AdminWishUpdate = z.infer<typeof adminWishUpdate>;

export const adminWishWithdraw = z.object({ id: recordId, reason });

export const adminWishEntry = z.object({
  id: int(),
  item_id: int(),
  exter: int(),
  name_zh_cn: z.string(),
  name_zh_tw: z.string(),
  name_en: z.string(),
  worth: int(),
  currency: z.enum(WISH_CURRENCIES),
  price: int(),
  chance_ppm: int(),
  rtp_ppm: int(),
  sort: int(),
  enabled: z.boolean(),
  /** Wishes made, how many hit, what they paid (in the entry's currency) and the worth they gave. */
  wishes: int(),
  hits: int(),
  taken: int(),
  worth_given: int(),
  created_at: int(),
  updated_at: int(),
});
export type AdminWishEntry = z.infer<typeof adminWishEntry>;
export const adminWishEntries = z.object({ list: z.array(adminWishEntry) });
