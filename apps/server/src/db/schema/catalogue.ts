import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Item definitions: the catalogue extracted from @ianlucas/cs2-lib (modules/catalogue). The id is
 * the library's item id, so a re-seed after a library bump updates rows in place. Rows are never
 * deleted: players' items point at them long after a case leaves the catalogue.
 */
export const itemDefs = pgTable(
  'item_defs',
  {
    id: integer('id').primaryKey(),
    nameZhCn: text('name_zh_cn').notNull(),
    nameZhTw: text('name_zh_tw').notNull(),
    nameEn: text('name_en').notNull(),
    /** pistol, smg, rifle, sniper, shotgun, machinegun, knife, gloves, other (WEAPON_CLASSES). */
    weaponClass: text('weapon_class').notNull(),
    /** 0..7 (QUALITY_LABELS); 7 is a ★ knife or gloves. */
    quality: smallint('quality').notNull(),
    /** Float range the item drops in; both null for a vanilla ★ (no paint, wear grade 6). */
    wearMin: real('wear_min'),
    wearMax: real('wear_max'),
    /** Whether it can drop as StatTrak. */
    statTrak: boolean('stat_trak').notNull(),
    special: boolean('special').notNull(),
    /** CDN address; the site falls back to /img/items/:id.svg when it does not load. */
    image: text('image').notNull(),
    /**
     * Our price (packages/game price-table) of its best exterior, non-StatTrak, in units: what a
     * list shows as "from". Other grades are priced from the same table when an item is made.
     */
    basePriceUnits: bigint('base_price_units', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('item_defs_quality_ck', sql`${t.quality} between 0 and 7`),
    check('item_defs_price_ck', sql`${t.basePriceUnits} > 0`),
    check('item_defs_wear_ck', sql`(${t.wearMin} is null) = (${t.wearMax} is null) and ${t.wearMin} <= ${t.wearMax}`),
  ],
);

/** Real CS2 weapon cases and what they drop; the site's own boxes are built from these. */
export const caseDefs = pgTable('case_defs', {
  id: integer('id').primaryKey(),
  nameZhCn: text('name_zh_cn').notNull(),
  nameZhTw: text('name_zh_tw').notNull(),
  nameEn: text('name_en').notNull(),
  /** CDN address; the site falls back to /img/cases/:id.svg. */
  image: text('image').notNull(),
  /** The "★ rare special item" tile, when the case has knives or gloves. */
  specialsImage: text('specials_image'),
  /** item_defs ids of the regular drops. */
  itemIds: integer('item_ids').array().notNull(),
  /** item_defs ids of the ★ drops; empty when none. */
  specialItemIds: integer('special_item_ids').array().notNull(),
});

/**
 * The operator's price of an item in one wear grade (issue 23, the console's item prices), in units:
 * where a row exists it replaces the price table's figure everywhere an item is priced
 * (catalogue/item-prices.ts). No row: the table's price. Prices are snapshotted where a value is
 * promised (a box version's contents, an item a player holds), so a change reprices what is made
 * from then on, never what exists.
 */
export const itemPrices = pgTable(
  'item_prices',
  {
    itemDefId: integer('item_def_id')
      .notNull()
      .references(() => itemDefs.id),
    /** Wear grade 1..6. */
    exter: smallint('exter').notNull(),
    priceUnits: bigint('price_units', { mode: 'number' }).notNull(),
    /** The staff member who set it (users.id). */
    updatedBy: integer('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemDefId, t.exter] }),
    check('item_prices_exter_ck', sql`${t.exter} between 1 and 6`),
    check('item_prices_price_ck', sql`${t.priceUnits} > 0 and ${t.priceUnits} % 100 = 0`),
  ],
);
