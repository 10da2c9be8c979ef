import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * A player's protection settings (issue 24 §2, docs/player-protection.md). One row per player who
 * ever set one; limits in coin units (null: none). A raise or removal waits in `pending` for 24 h
 * ({field: {value, at}}, `at` epoch ms); a cut replaces the limit at once. The session columns are
 * kept by the ledger's guard (db/functions/protection.sql) on every stake of a guarded player.
 */
export const playerProtection = pgTable(
  'player_protection',
  {
    userId: integer('user_id').primaryKey(),
    depositDay: bigint('deposit_day', { mode: 'number' }),
    depositWeek: bigint('deposit_week', { mode: 'number' }),
    depositMonth: bigint('deposit_month', { mode: 'number' }),
    lossDay: bigint('loss_day', { mode: 'number' }),
    lossWeek: bigint('loss_week', { mode: 'number' }),
    lossMonth: bigint('loss_month', { mode: 'number' }),
    pending: jsonb('pending').notNull().default({}),
    /** Reality check interval (minutes, 0: off). */
    realityMinutes: integer('reality_minutes').notNull().default(0),
    sessionStartedAt: timestamp('session_started_at', { withTimezone: true }),
    sessionLastAt: timestamp('session_last_at', { withTimezone: true }),
    /** A stake at or after this is refused until the player acknowledges the reminder. */
    sessionNextCheckAt: timestamp('session_next_check_at', { withTimezone: true }),
    sessionStaked: bigint('session_staked', { mode: 'number' }).notNull().default(0),
    sessionReturned: bigint('session_returned', { mode: 'number' }).notNull().default(0),
    coolOffUntil: timestamp('cool_off_until', { withTimezone: true }),
    excludedUntil: timestamp('excluded_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('player_protection_reality_ck', sql`${t.realityMinutes} >= 0`)],
);

/**
 * What play took and gave back per guarded player and China day (the loss limits' windows sum
 * these): `staked` the coins debited by play, `returned` the coins play paid back. Written by the
 * ledger's guard only, for guarded accounts; backfilled from the ledger when a guard starts.
 */
export const protectionUsage = pgTable(
  'protection_usage',
  {
    userId: integer('user_id').notNull(),
    day: date('day').notNull(),
    staked: bigint('staked', { mode: 'number' }).notNull().default(0),
    returned: bigint('returned', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Every change a player made to their protection and every reminder acknowledged (kind:
 * limits | reality | reality_ack | cool_off | exclude | exclude_linked), with its detail.
 */
export const protectionLog = pgTable(
  'protection_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('protection_log_user_idx').on(t.userId, t.id)],
);
