import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The public realised-RTP page's daily snapshots (issue 23, docs/transparency.md): one row per
 * box and per game per day (China day of `computed_at`), plus one `meta` row (the window, the
 * free openings left out). `data` is the figures as computed (modules/transparency): aggregates
 * only, never a player. A day's rows are written once, in one transaction, so every reader of a
 * day sees the same snapshot.
 */
export const rtpSnapshots = pgTable(
  'rtp_snapshots',
  {
    /** 'YYYY-MM-DD', the China (UTC+8) day of computed_at. */
    day: text('day').notNull(),
    /** 'box' | 'game' | 'meta'. */
    kind: text('kind').notNull(),
    /** The box id, the game's name, or '' for meta. */
    subject: text('subject').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.subject] })],
);
