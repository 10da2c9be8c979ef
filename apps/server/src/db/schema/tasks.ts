import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The daily tasks (每日任务, issue 22; docs/promotions/tasks.md). A task counts one kind of action
 * (`kind`, TASK_KINDS) on the player's China day; progress is read from that action's own records,
 * never stored. Rows are never deleted (claims name them): an operator disables a task instead.
 */
export const dailyTasks = pgTable(
  'daily_tasks',
  {
    id: serial('id').primaryKey(),
    /** Stable seed key: the defaults are inserted once by slug; admin-made tasks get `admin:<id>`-like keys. */
    slug: text('slug').notNull(),
    kind: text('kind').notNull(),
    nameZhCn: text('name_zh_cn').notNull(),
    nameZhTw: text('name_zh_tw').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    /** Actions to do, or units recharged for `recharge`. */
    target: bigint('target', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('daily_tasks_slug_uq').on(t.slug),
    check('daily_tasks_target_ck', sql`${t.target} > 0`),
    check('daily_tasks_kind_ck', sql`${t.kind} in ('open_box', 'battle', 'upgrade', 'turntable_bet', 'recharge')`),
  ],
);

/**
 * A task's reward for the VIP levels vip_min..vip_max. The admin API refuses overlapping ranges;
 * a level no range covers gets no reward (and cannot claim).
 */
export const dailyTaskRewards = pgTable(
  'daily_task_rewards',
  {
    taskId: integer('task_id').notNull(),
    vipMin: smallint('vip_min').notNull(),
    vipMax: smallint('vip_max').notNull(),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    coinUnits: bigint('coin_units', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.vipMin] }),
    check('daily_task_rewards_range_ck', sql`${t.vipMin} >= 0 and ${t.vipMin} <= ${t.vipMax}`),
    check(
      'daily_task_rewards_amount_ck',
      sql`${t.points} >= 0 and ${t.coinUnits} >= 0 and ${t.points} + ${t.coinUnits} > 0`,
    ),
  ],
);

/**
 * One claim: a task's reward paid to a player for a China day. The unique (user, task, day) is what
 * makes a claim pay once whatever the clicks, tabs or processes: a second insert waits for the
 * first's commit and then finds the row (the ledger keys `task_reward:<user>:<task>:<day>:<currency>`
 * refuse a second payment as well).
 */
export const dailyTaskClaims = pgTable(
  'daily_task_claims',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    taskId: integer('task_id').notNull(),
    /** The China day, YYYY-MM-DD. */
    day: text('day').notNull(),
    vipLevel: smallint('vip_level').notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    coinUnits: bigint('coin_units', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('daily_task_claims_uq').on(t.userId, t.day, t.taskId),
    index('daily_task_claims_day_idx').on(t.day, t.taskId),
  ],
);

/**
 * The `join_notice_to_task` sent for a task completed on a day: the primary key lets exactly one
 * of several processes (or checks) that see the completion send it.
 */
export const dailyTaskNotices = pgTable(
  'daily_task_notices',
  {
    userId: integer('user_id').notNull(),
    day: text('day').notNull(),
    taskId: integer('task_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.taskId] })],
);
