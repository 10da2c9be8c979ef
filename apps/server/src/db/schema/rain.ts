import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Red-packet rain schedules (红包雨, issue 21; modules/rain): operator data, edited through the
 * admin API (every change in admin_audit). `timing` is packages/game rain.ts RainTiming as JSON.
 * A schedule makes rounds a few minutes ahead of their windows; a round copies the parameters it
 * was made with, so an edit changes only rounds made after it.
 */
export const rainSchedules = pgTable(
  'rain_schedules',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    timing: jsonb('timing').notNull(),
    poolUnits: bigint('pool_units', { mode: 'number' }).notNull(),
    packetCount: integer('packet_count').notNull(),
    minPacketUnits: bigint('min_packet_units', { mode: 'number' }).notNull(),
    minVipLevel: smallint('min_vip_level').notNull().default(0),
    rechargeDays: smallint('recharge_days').notNull().default(0),
    /** The seed's default schedule (one per database); null for an operator's. */
    seedKey: text('seed_key'),
    createdBy: integer('created_by').notNull(),
    updatedBy: integer('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('rain_schedules_seed_key_uq').on(t.seedKey),
    check(
      'rain_schedules_params_ck',
      sql`${t.packetCount} > 0 and ${t.minPacketUnits} > 0
      and ${t.poolUnits} >= ${t.packetCount} * ${t.minPacketUnits}`,
    ),
  ],
);

/**
 * One rain round per window of a schedule: the round itself is a game room (game_rooms, game
 * 'rain'); this row makes "one round per schedule and window" a constraint (two leaders, a
 * replayed plan) and lists rounds by time.
 */
export const rainRounds = pgTable(
  'rain_rounds',
  {
    roomId: integer('room_id').primaryKey(),
    scheduleId: integer('schedule_id').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** Mirrors the room's state for the info query: scheduled, running, ended, cancelled. */
    state: text('state').notNull(),
  },
  (t) => [
    uniqueIndex('rain_rounds_window_uq').on(t.scheduleId, t.startAt),
    index('rain_rounds_start_idx').on(t.startAt),
    index('rain_rounds_state_idx').on(t.state, t.startAt),
  ],
);

/**
 * A round's packets, written when it opens (the list drawn from the round's seed, in grab order),
 * and each one's grab: the n-th successful grab takes packet n (its `idx` came from the round's
 * counter in Redis, or in memory embedded). The grab and its credit are one statement,
 * kx_rain_grab (db/functions/rain.sql). One packet per player per round is the unique index.
 */
export const rainPackets = pgTable(
  'rain_packets',
  {
    roundId: integer('round_id').notNull(),
    idx: integer('idx').notNull(),
    amountUnits: bigint('amount_units', { mode: 'number' }).notNull(),
    userId: integer('user_id'),
    grabbedAt: timestamp('grabbed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.idx] }),
    uniqueIndex('rain_packets_user_uq').on(t.roundId, t.userId).where(sql`${t.userId} is not null`),
    index('rain_packets_user_idx').on(t.userId, t.roundId).where(sql`${t.userId} is not null`),
    check('rain_packets_amount_ck', sql`${t.amountUnits} > 0`),
    check('rain_packets_grab_ck', sql`(${t.userId} is null) = (${t.grabbedAt} is null)`),
  ],
);
