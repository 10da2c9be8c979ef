import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The lucky player's windows (幸运玩家, issue 21; docs/promotions/lucky.md): while one runs, every
 * opened box has a 1/108 chance to make its player a lucky player, paid `award_units`. Set by the
 * operator through the admin API (every change in admin_audit); windows never overlap (checked
 * under a lock by the admin service). A cancelled window keeps its row.
 */
export const luckyWindows = pgTable(
  'lucky_windows',
  {
    id: serial('id').primaryKey(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    awardUnits: bigint('award_units', { mode: 'number' }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The admin who scheduled it; 0 for the seed. */
    createdBy: integer('created_by').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('lucky_windows_starts_idx').on(t.startsAt)],
);

/**
 * One row per lucky opening, written by kx_open_box (db/functions/boxes.sql) in the opening's own
 * statement with the award's transfer (kind lucky_award, key lucky_award:<opening id>): what
 * /newYearActivity lists. The unique opening makes an award paid once.
 */
export const luckyPlayers = pgTable(
  'lucky_players',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** box_openings.id: the opened box whose lucky roll was 0. */
    openingId: integer('opening_id').notNull(),
    /** box_open_requests.id: the request it was part of. */
    requestRowId: integer('request_row_id').notNull(),
    boxId: integer('box_id').notNull(),
    windowId: integer('window_id').notNull(),
    awardUnits: bigint('award_units', { mode: 'number' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    /** The box's zh-CN name when it was opened (the page shows the catalogue's name in the viewer's language). */
    boxName: text('box_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('lucky_players_opening_uq').on(t.openingId),
    index('lucky_players_window_idx').on(t.windowId, t.id),
    index('lucky_players_request_idx').on(t.requestRowId),
  ],
);
