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
 * VIP levels and command codes (spec 2 §3, §4; docs/vip-and-rewards.md "VIP levels"). Every payout is a ledger
 * transfer from 'promotions'; the claim rows here are what make each payout happen once.
 */

/** The level table 0..10 (seeded; operators may edit the figures). */
export const vipLevels = pgTable(
  'vip_levels',
  {
    id: serial('id').primaryKey(),
    level: smallint('level').notNull(),
    /** Cumulative VIP experience (recharge) needed, units. */
    thresholdUnits: bigint('threshold_units', { mode: 'number' }).notNull(),
    /** One-time upgrade reward, units. */
    rewardUnits: bigint('reward_units', { mode: 'number' }).notNull(),
    /** Recharge bonus percent in hundredths (award_desc). */
    bonusBp: integer('bonus_bp').notNull(),
    /** The level's exclusive red packet, units. */
    redPacketUnits: bigint('red_packet_units', { mode: 'number' }).notNull(),
    upgradeDesc: text('upgrade_desc').notNull().default(''),
  },
  (t) => [
    uniqueIndex('vip_levels_level_uq').on(t.level),
    check('vip_levels_level_ck', sql`${t.level} between 0 and 10`),
    check(
      'vip_levels_amounts_ck',
      sql`${t.thresholdUnits} >= 0 and ${t.rewardUnits} >= 0 and ${t.redPacketUnits} >= 0`,
    ),
  ],
);

/**
 * Per-player VIP state beside the ledger. Experience = lifetime recharge − deductedUnits; a monthly
 * demotion raises deductedUnits so experience falls to the lower level's threshold.
 */
export const vipMembers = pgTable('vip_members', {
  userId: integer('user_id').primaryKey(),
  deductedUnits: bigint('deducted_units', { mode: 'number' }).notNull().default(0),
  /** Start (UTC instant of China-time 1st 00:00) of the last month boundary the retention job applied. */
  retainedMonth: timestamp('retained_month', { withTimezone: true }),
});

/** One row per (player, level), ever: the upgrade reward is paid once. */
export const vipClaims = pgTable(
  'vip_claims',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    level: smallint('level').notNull(),
    amountUnits: bigint('amount_units', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('vip_claims_user_level_uq').on(t.userId, t.level),
    index('vip_claims_user_idx').on(t.userId, t.id),
  ],
);

/** One row per (player, month): the month's exclusive red packet, paid at the level of the claim. */
export const vipRedPackets = pgTable(
  'vip_red_packets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** The UTC instant of the China-time 1st 00:00 of the month claimed. */
    monthStart: timestamp('month_start', { withTimezone: true }).notNull(),
    level: smallint('level').notNull(),
    amountUnits: bigint('amount_units', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('vip_red_packets_uq').on(t.userId, t.monthStart)],
);

/** Command (口令) reward tiers: a code that pays `rewardUnits` once per period to whoever reached `moneyUnits`. */
export const commandTiers = pgTable(
  'command_tiers',
  {
    id: serial('id').primaryKey(),
    /** 1 day, 2 week, 3 month. */
    type: smallint('type').notNull(),
    moneyUnits: bigint('money_units', { mode: 'number' }).notNull(),
    rewardUnits: bigint('reward_units', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('command_tiers_key_uq').on(t.key),
    check('command_tiers_type_ck', sql`${t.type} in (1, 2, 3)`),
    check('command_tiers_amounts_ck', sql`${t.moneyUnits} >= 0 and ${t.rewardUnits} > 0`),
    check('command_tiers_key_ck', sql`char_length(${t.key}) between 1 and 200`),
  ],
);

/** One row per (player, tier, period): bag_id is this row's id. */
export const commandClaims = pgTable(
  'command_claims',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    tierId: integer('tier_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    amountUnits: bigint('amount_units', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('command_claims_uq').on(t.userId, t.tierId, t.periodStart)],
);

/** The 3 s submit lock per player (spec 2 §4), kept in the database so every process sees it. */
export const commandLocks = pgTable('command_locks', {
  userId: integer('user_id').primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
});
