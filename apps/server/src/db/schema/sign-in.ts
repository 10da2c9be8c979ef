import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * What each day of the 7-day sign-in cycle pays (每日签到, issue 22; docs/promotions/sign-in.md):
 * operator data behind the admin API (every change in admin_audit). Always the 7 rows 1–7.
 */
export const signInRewards = pgTable(
  'sign_in_rewards',
  {
    day: smallint('day').primaryKey(),
    points: integer('points').notNull().default(0),
    coinUnits: bigint('coin_units', { mode: 'number' }).notNull().default(0),
    /** A grant campaign of the lucky bags (bag_campaigns.id), or null. */
    bagCampaignId: integer('bag_campaign_id'),
    bagCount: smallint('bag_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('sign_in_rewards_day_ck', sql`${t.day} between 1 and 7`),
    check('sign_in_rewards_amounts_ck', sql`${t.points} >= 0 and ${t.coinUnits} >= 0 and ${t.bagCount} >= 0`),
  ],
);

/**
 * One row per player and China day signed (UTC+8): the unique (user, day) is what makes one
 * sign-in a day whatever the clicks, tabs or processes. The row keeps what that day paid, as the
 * reward table said at the time; the transfers' keys (sign_in:<user>:<day>:<currency>) pay it once.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 1–7: the cycle day this sign-in was (the day after a 7, or after a missed day, is 1). */
    cycleDay: smallint('cycle_day').notNull(),
    /** Consecutive days signed, this one included. */
    streak: integer('streak').notNull(),
    points: integer('points').notNull(),
    coinUnits: bigint('coin_units', { mode: 'number' }).notNull(),
    bagCampaignId: integer('bag_campaign_id'),
    bagCount: smallint('bag_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sign_ins_user_day_uq').on(t.userId, t.day), index('sign_ins_day_idx').on(t.day)],
);

export type SignInRewardRow = typeof signInRewards.$inferSelect;
export type SignInRow = typeof signIns.$inferSelect;
