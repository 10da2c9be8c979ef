import { bigint, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Invite rebates (spec 1 §7 get-invite-recharge): one row per invitee recharge order, written in
 * the recharge's own transaction by promotion's onRecharge. The coin transfer (kind
 * invite_rebate, key invite_rebate:<order_sn>) is the money; this row is what the inviter's list
 * shows. A zero rebate (share set to 0) still records the recharge.
 */
export const inviteRebates = pgTable(
  'invite_rebates',
  {
    id: serial('id').primaryKey(),
    orderSn: text('order_sn').notNull(),
    inviterId: integer('inviter_id').notNull(),
    inviteeId: integer('invitee_id').notNull(),
    rechargeUnits: bigint('recharge_units', { mode: 'number' }).notNull(),
    rebateUnits: bigint('rebate_units', { mode: 'number' }).notNull(),
    /** The share applied, in basis points. */
    rateBp: integer('rate_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('invite_rebates_order_uq').on(t.orderSn),
    index('invite_rebates_inviter_idx').on(t.inviterId, t.createdAt),
  ],
);

/**
 * Pickup ranking prizes paid (spec 2 §2 dialog 6): one row per China day and rank. The unique
 * index and the ledger key pickup_prize:<day>:<rank> both make the daily job pay once.
 */
export const pickupPrizes = pgTable(
  'pickup_prizes',
  {
    id: serial('id').primaryKey(),
    /** YYYY-MM-DD, China time (UTC+8). */
    day: text('day').notNull(),
    rank: smallint('rank').notNull(),
    userId: integer('user_id').notNull(),
    valueUnits: bigint('value_units', { mode: 'number' }).notNull(),
    prizeUnits: bigint('prize_units', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('pickup_prizes_day_rank_uq').on(t.day, t.rank)],
);
