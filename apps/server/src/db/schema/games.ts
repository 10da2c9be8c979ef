import { bigint, index, integer, pgTable, serial, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rows the footer statistics count (spec 1 §2). Each game issue widens its own table; the
 * foundation fixes the name and the columns the counts read.
 */
export const boxOpenings = pgTable(
  'box_openings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    boxId: integer('box_id').notNull(),
    itemDefId: integer('item_def_id').notNull(),
    priceUnits: bigint('price_units', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('box_openings_user_idx').on(t.userId, t.createdAt)],
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
