import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A player's item (spec 1 §3 Inventory item). One row is in one state (ITEM_STATUS in
 * packages/shared/src/inventory.ts): sell, recycle, retrieve, upgrade and putting it in a roll room
 * all take this row's lock (`select ... for update`) and move it only from a state that allows it.
 */
export const userItems = pgTable(
  'user_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    itemDefId: integer('item_def_id').notNull(),
    /** Wear grade 1..6. */
    exter: smallint('exter').notNull(),
    /** What the item is worth (sell/recycle price), in units, fixed when it was got. */
    priceUnits: bigint('price_units', { mode: 'number' }).notNull(),
    /** 0 normal, 1 retrieving, 2 sold, 3 retrieved, 4 retrieval failed, 5 locked (a roll room's prize). */
    status: smallint('status').notNull().default(0),
    /** How it left: sell | recycle | auto_sell | upgrade | roll (DISPOSALS). */
    disposal: text('disposal'),
    /** box | battle | upgrade | roll | mall | reward | treasure (ITEM_SOURCES). */
    source: text('source').notNull(),
    /** The row it came from (box_openings.id for a box...). */
    sourceId: integer('source_id'),
    sourceName: text('source_name').notNull().default(''),
    /** After a declined offer, when a new retrieval is allowed. */
    retrieveAvailableAt: timestamp('retrieve_available_at', { withTimezone: true }),
    /** The last failed offer's cause (OFFER_FAILURES). */
    failure: text('failure'),
    /** The pending or last trade offer. */
    offerId: integer('offer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('user_items_user_idx').on(t.userId, t.status, t.createdAt),
    index('user_items_status_idx').on(t.status, t.createdAt),
    // The warehouse log: every item of a player, newest first, whatever its status.
    index('user_items_user_time_idx').on(t.userId, t.createdAt),
    // The pickup ranking: every item got on one day.
    index('user_items_created_idx').on(t.createdAt),
    check('user_items_status_ck', sql`${t.status} between 0 and 5`),
    check('user_items_price_ck', sql`${t.priceUnits} >= 0`),
  ],
);
