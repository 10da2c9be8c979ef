import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The mall (spec 1 §7 Mall): catalogue items sold for mall quota. One product is one item in one
 * wear grade; a purchase makes a user_items row (source 'mall') and a mall_orders row.
 */
export const mallItems = pgTable(
  'mall_items',
  {
    id: serial('id').primaryKey(),
    itemDefId: integer('item_def_id').notNull(),
    /** Wear grade 1..6 of the item sold. */
    exter: smallint('exter').notNull(),
    /** Price in mall quota units. */
    priceUnits: bigint('price_units', { mode: 'number' }).notNull(),
    /** Units left; null is unlimited. Taken by a guarded UPDATE, never below zero. */
    stock: integer('stock'),
    sort: integer('sort').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(true),
  },
  (t) => [
    // The seed adds one product per item and grade, and adds it once.
    uniqueIndex('mall_items_item_uq').on(t.itemDefId, t.exter),
    check('mall_items_price_ck', sql`${t.priceUnits} > 0`),
    check('mall_items_stock_ck', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

export const mallOrders = pgTable(
  'mall_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    mallItemId: integer('mall_item_id').notNull(),
    userItemId: integer('user_item_id').notNull(),
    /** What was paid, in mall quota units. */
    priceUnits: bigint('price_units', { mode: 'number' }).notNull(),
    /** The client's id of this purchase: a replay returns this order and pays nothing. */
    requestId: text('request_id').notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('mall_orders_request_uq').on(t.userId, t.requestId),
    index('mall_orders_user_idx').on(t.userId, t.id),
  ],
);

/**
 * One quota → coin exchange (spec 1 §5, §9). The row's id names both of its ledger transfers;
 * (user, request id) makes a double submit exchange once.
 */
export const quotaExchanges = pgTable(
  'quota_exchanges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    requestId: text('request_id').notNull(),
    amountUnits: bigint('amount_units', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('quota_exchanges_request_uq').on(t.userId, t.requestId),
    check('quota_exchanges_amount_ck', sql`${t.amountUnits} > 0`),
  ],
);
