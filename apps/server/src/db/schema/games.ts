import { bigint, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One box opened: one roll (the footer's open_box_num counts these rows, spec 1 §2). The roll's
 * public inputs are kept so anyone can recompute it once the seed is revealed.
 */
export const boxOpenings = pgTable(
  'box_openings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    boxId: integer('box_id').notNull(),
    itemDefId: integer('item_def_id').notNull(),
    /** The won item's price. */
    priceUnits: bigint('price_units', { mode: 'number' }).notNull(),
    /** box_open_requests.id; null for rows written by tests of the footer counts. */
    requestRowId: integer('request_row_id'),
    boxVersion: integer('box_version').notNull().default(1),
    boxPriceUnits: bigint('box_price_units', { mode: 'number' }).notNull().default(0),
    exter: smallint('exter').notNull().default(3),
    seedId: integer('seed_id'),
    /** The client seed the roll used (the player may change it while a seed pair is active). */
    clientSeed: text('client_seed').notNull().default(''),
    nonce: integer('nonce'),
    ticket: integer('ticket'),
    oddsHash: text('odds_hash').notNull().default(''),
    userItemId: integer('user_item_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('box_openings_user_idx').on(t.userId, t.createdAt),
    index('box_openings_box_idx').on(t.boxId, t.id),
    index('box_openings_request_idx').on(t.requestRowId),
  ],
);

/** room_state: 1 waiting, 2 running, 3 ended (spec 2 §3 Battle room). */
export const pkRooms = pgTable(
  'pk_rooms',
  {
    id: serial('id').primaryKey(),
    roomState: smallint('room_state').notNull().default(1),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pk_rooms_state_idx').on(t.roomState)],
);

export const upgradeRecords = pgTable('upgrade_records', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
