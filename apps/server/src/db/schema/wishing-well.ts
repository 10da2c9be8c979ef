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
 * The wishing well's entries (许愿池, issue 22; docs/promotions/wishing-well.md), rows operators
 * change through the admin API: a catalogue item in one wear grade that a hit grants, the price of
 * one wish (points or coin units) and the chance a wish hits (ppm). Never deleted: a withdrawn
 * entry (enabled false) keeps its wishes readable.
 */
export const wishEntries = pgTable(
  'wish_entries',
  {
    id: serial('id').primaryKey(),
    /** Stable key of a seeded entry: re-seeding finds it. Null for operators' own. */
    slug: text('slug'),
    itemDefId: integer('item_def_id').notNull(),
    exter: smallint('exter').notNull(),
    nameZhCn: text('name_zh_cn').notNull(),
    nameZhTw: text('name_zh_tw').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    /** The item's price-table price in its grade (units), fixed when the entry is made. */
    worthUnits: bigint('worth_units', { mode: 'number' }).notNull(),
    /** 'point' or 'coin': what a wish is paid in. */
    currency: text('currency').notNull(),
    /** Per wish: points, or coin units. */
    price: bigint('price', { mode: 'number' }).notNull(),
    chancePpm: integer('chance_ppm').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('wish_entries_slug_uq').on(t.slug),
    check('wish_entries_currency_ck', sql`${t.currency} in ('point', 'coin')`),
    check('wish_entries_price_ck', sql`${t.price} > 0`),
    check('wish_entries_chance_ck', sql`${t.chancePpm} between 0 and 1000000`),
  ],
);

/**
 * One wish: what was paid, the roll's inputs and outcome, and on a hit the item granted.
 * (user, request_id) makes a retried request wish once; (seed, nonce) is used by one roll only.
 * The debit's ledger key is wishing_well:<user>:<request id>.
 */
export const wishes = pgTable(
  'wishes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    entryId: integer('entry_id').notNull(),
    requestId: text('request_id').notNull(),
    currency: text('currency').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    worthUnits: bigint('worth_units', { mode: 'number' }).notNull(),
    chancePpm: integer('chance_ppm').notNull(),
    seedId: integer('seed_id').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    roll: integer('roll').notNull(),
    hit: boolean('hit').notNull(),
    userItemId: integer('user_item_id'),
    debitTransferId: bigint('debit_transfer_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('wishes_request_uq').on(t.userId, t.requestId),
    uniqueIndex('wishes_seed_nonce_uq').on(t.seedId, t.nonce),
    index('wishes_user_idx').on(t.userId, t.id),
    index('wishes_entry_idx').on(t.entryId),
  ],
);
