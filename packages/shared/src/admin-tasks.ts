/**
 * The daily tasks' admin API (ours: the spec names no admin calls; docs/promotions/tasks.md
 * "Admin API"): tasks, their rewards per VIP level range, and the expected cost per active
 * player. Validated here for shape and by the server for meaning (ranges that overlap); each
 * change recorded in the audit log with who made it.
 */
import { z } from 'zod';
import { recordId } from './record-id.ts';
import { TASK_KINDS } from './tasks.ts';

export { ADMIN_TASK_PATHS } from './tasks.ts';

const int = () => z.number().int();
/** VIP levels run 0–10 (vip_levels). */
export const TASK_VIP_MAX = 10;
/** A day's reward past these is a typo, not a reward: 100,000 points, ¥1,000. */
export const TASK_MAX_POINTS = 100_000;
export const TASK_MAX_COIN_UNITS = 10_000_000;

export const adminTaskReward = z
  .object({
    vip_min: int().min(0).max(TASK_VIP_MAX),
    vip_max: int().min(0).max(TASK_VIP_MAX),
    points: int().min(0).max(TASK_MAX_POINTS),
    coins: int().min(0).max(TASK_MAX_COIN_UNITS),
  })
  .refine((r) => r.vip_min <= r.vip_max, { message: 'vip_min must not exceed vip_max', path: ['vip_max'] })
  .refine((r) => r.points + r.coins > 0, { message: 'a reward pays something', path: ['points'] });

const name = z.string().trim().max(30);
const reason = z.string().trim().max(200).default('');

export const adminTaskInput = z.object({
  kind: z.enum(TASK_KINDS),
  name_zh_cn: name.min(1),
  name_zh_tw: name.default(''),
  name_en: name.default(''),
  /** Actions to do, or units to recharge for `recharge`. */
  target: int().min(1).max(100_000_000_000),
  sort: int().min(0).max(10_000).default(0),
  enabled: z.boolean().default(true),
  rewards: z.array(adminTaskReward).min(1).max(11),
  reason,
});
export type AdminTaskInput = z.infer<typeof adminTaskInput>;

/** Only the fields given change; `rewards`, when given, replaces every reward row of the task. */
export const adminTaskUpdate = z.object({
  id: recordId,
  name_zh_cn: name.min(1).optional(),
  name_zh_tw: name.optional(),
  name_en: name.optional(),
  target: adminTaskInput.shape.target.optional(),
  sort: int().min(0).max(10_000).optional(),
  enabled: z.boolean().optional(),
  rewards: adminTaskInput.shape.rewards.optional(),
  reason,
});
export type AdminTaskUpdate = z.infer<typeof adminTaskUpdate>;

export const adminTask = z.object({
  id: int(),
  slug: z.string(),
  kind: z.enum(TASK_KINDS),
  name_zh_cn: z.string(),
  name_zh_tw: z.string(),
  name_en: z.string(),
  target: int(),
  sort: int(),
  enabled: z.boolean(),
  rewards: z.array(z.object({ vip_min: int(), vip_max: int(), points: int(), coins: int() })),
  /** Claims of the last 7 China days, and the share of active players that claimed per day (ppm). */
  claims_7d: int(),
  claim_rate_ppm: int(),
  /** Cost per active player per day if every one claimed: the reward at each one's level, averaged. */
  max_points_per_player: z.number(),
  max_coins_per_player: z.number(),
  /**
   * Expected cost per active player per day: the above times the claim rate of the last 7 days
   * (times 1 while no player has been active: then it is the most it costs).
   */
  expected_points_per_player: z.number(),
  expected_coins_per_player: z.number(),
});
export type AdminTask = z.infer<typeof adminTask>;

export const adminTasksResponse = z.object({
  /** Players with a session in the last 7 days (the denominator of the rates). */
  active_players: int(),
  list: z.array(adminTask),
  /** The sums over enabled tasks. */
  expected_points_per_player: z.number(),
  expected_coins_per_player: z.number(),
});
export type AdminTasksResponse = z.infer<typeof adminTasksResponse>;
