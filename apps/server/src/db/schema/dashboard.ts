import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The console dashboard's daily rollups (issue 23 "Dashboard", docs/console/dashboard.md): one
 * row per figure per China day, written by the scheduler leader once the day is over (and the
 * day before rewritten on each run, for orders paid after midnight). A day's rows are replaced in
 * one transaction, so running the rollup again rewrites the same figures and never adds to them.
 * Today is never stored: the dashboard reads it live from the tables' indexed time ranges.
 */
export const dashboardDays = pgTable(
  'dashboard_days',
  {
    /** 'YYYY-MM-DD', the China (UTC+8) day. */
    day: text('day').notNull(),
    /** deposits | players_new | players_active | game | channel (modules/admin/dashboard). */
    metric: text('metric').notNull(),
    /** The game's or pay mode's name; '' where the figure has none. */
    subject: text('subject').notNull(),
    /** How many: deposits paid, players, plays, orders created. */
    n: bigint('n', { mode: 'number' }).notNull(),
    /** Units in: deposits' amount, a game's turnover, orders paid (a count for channels). */
    inUnits: bigint('in_units', { mode: 'number' }).notNull(),
    /** Units out: what a game gave back (coins and items' value); 0 elsewhere. */
    outUnits: bigint('out_units', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.subject] })],
);
