import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The points shop's entries (积分商城, issue 22; docs/promotions/points-shop.md), rows operators
 * change through the admin API. An entry sells one of: a catalogue item in one wear grade (kind
 * item: a user_items row, source points_shop), coins (kind coin: a transfer points_shop → player)
 * or lucky bags of a grant campaign (kind bag: grantBagsInTx). `stock` is what is left (null:
 * unlimited), taken by a guarded UPDATE in kx_points_shop_buy, never below zero. A per-player
 * limit counts purchases of a China day or of all time (points_shop_counts). Entries are never
 * deleted: a withdrawn one (enabled false) keeps its purchases' history readable.
 */
export const pointsShopEntries = pgTable(
  'points_shop_entries',
  {
    id: serial('id').primaryKey(),
    /** Stable key of a seeded entry: re-seeding finds it. Null for operators' own. */
    slug: text('slug'),
    kind: text('kind').notNull(),
    nameZhCn: text('name_zh_cn').notNull(),
    nameZhTw: text('name_zh_tw').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    itemDefId: integer('item_def_id'),
    /** Wear grade 1..6 of the item sold. */
    exter: smallint('exter'),
    coinUnits: bigint('coin_units', { mode: 'number' }),
    bagCampaignId: integer('bag_campaign_id'),
    bagCount: smallint('bag_count'),
    /**
     * What one purchase is worth in coins (units), fixed when the entry is made: the item's
     * price-table price in its grade (what it sells for), the coins, or the bags' expected value.
     */
    worthUnits: bigint('worth_units', { mode: 'number' }).notNull(),
    pricePoints: bigint('price_points', { mode: 'number' }).notNull(),
    stock: integer('stock'),
    limitCount: integer('limit_count'),
    limitPeriod: text('limit_period').notNull().default('day'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('points_shop_entries_slug_uq').on(t.slug),
    check('points_shop_entries_kind_ck', sql`${t.kind} in ('item', 'coin', 'bag')`),
    check(
      'points_shop_entries_goods_ck',
      sql`(${t.kind} = 'item') = (${t.itemDefId} is not null and ${t.exter} is not null)
        and (${t.kind} = 'coin') = (${t.coinUnits} is not null)
        and (${t.kind} = 'bag') = (${t.bagCampaignId} is not null and ${t.bagCount} is not null)`,
    ),
    check('points_shop_entries_price_ck', sql`${t.pricePoints} > 0`),
    check('points_shop_entries_stock_ck', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('points_shop_entries_limit_ck', sql`${t.limitCount} is null or ${t.limitCount} > 0`),
    check('points_shop_entries_period_ck', sql`${t.limitPeriod} in ('day', 'ever')`),
    check(
      'points_shop_entries_window_ck',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
);

/**
 * One player's purchases of one entry: all time and on the China day `day`. Its row is the lock
 * that queues one player's purchases of one entry (on every process), and its guarded upsert is
 * the limit check (kx_points_shop_buy).
 */
export const pointsShopCounts = pgTable(
  'points_shop_counts',
  {
    userId: integer('user_id').notNull(),
    entryId: integer('entry_id').notNull(),
    total: integer('total').notNull(),
    /** The China day (YYYY-MM-DD) `dayCount` counts. */
    day: text('day').notNull(),
    dayCount: integer('day_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entryId] })],
);

/**
 * One purchase. (user, request_id) makes a retried request buy once; the debit's ledger key is
 * points_shop:<user>:<request id>. What was given is recorded here: the inventory item, the coins'
 * transfer, or the bags (user_bags with source_key points_shop:<purchase id>:<i>).
 */
export const pointsShopPurchases = pgTable(
  'points_shop_purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    entryId: integer('entry_id').notNull(),
    requestId: text('request_id').notNull(),
    /** The China day it was made on. */
    day: text('day').notNull(),
    kind: text('kind').notNull(),
    pricePoints: bigint('price_points', { mode: 'number' }).notNull(),
    worthUnits: bigint('worth_units', { mode: 'number' }).notNull(),
    userItemId: integer('user_item_id'),
    coinUnits: bigint('coin_units', { mode: 'number' }),
    bagCampaignId: integer('bag_campaign_id'),
    bagCount: smallint('bag_count'),
    debitTransferId: bigint('debit_transfer_id', { mode: 'number' }),
    coinTransferId: bigint('coin_transfer_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('points_shop_purchases_request_uq').on(t.userId, t.requestId),
    index('points_shop_purchases_user_idx').on(t.userId, t.id),
    index('points_shop_purchases_entry_idx').on(t.entryId),
  ],
);
