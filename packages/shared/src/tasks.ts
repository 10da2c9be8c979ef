import { z } from 'zod';
import { recordId } from './record-id.ts';

/**
 * Contract of the daily tasks (每日任务, route vipDailyTasks; spec 2 §2, §7 `join_notice_to_task`;
 * issue 22; docs/promotions/tasks.md). Progress is counted by the server from what the player did
 * on the current China (UTC+8) day; amounts are integer units (1/10000), times epoch ms.
 */

/** What a task counts. Each kind is read from the records of its own game (tasks.progress.ts). */
export const TASK_KINDS = ['open_box', 'battle', 'upgrade', 'turntable_bet', 'recharge'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const TASK_PATHS = {
  /** Today's tasks with the player's progress; without a login, the tasks alone. */
  list: '/promotion/v1/daily-task/list',
  claim: '/promotion/v1/daily-task/claim',
} as const;

export const ADMIN_TASK_PATHS = {
  list: '/admin/v1/tasks/list',
  create: '/admin/v1/tasks/create',
  update: '/admin/v1/tasks/update',
} as const;

/** The spec's task notice on the player's own room (spec 2 §7), shown 3 s (spec 1 §10). */
export const TASK_NOTICE_EVENT = 'join_notice_to_task';
export const TASK_NOTICE_MS = 3000;
/** The ledger kind of a task's reward (promotions → player). */
export const TASK_REWARD_KIND = 'task_reward';

const int = () => z.number().int();

export const taskReward = z.object({ points: int(), coins: int() });
export type TaskReward = z.infer<typeof taskReward>;

/** A reward for the VIP levels vip_min..vip_max (inclusive). */
export const taskRewardRow = taskReward.extend({ vip_min: int(), vip_max: int() });
export type TaskRewardRow = z.infer<typeof taskRewardRow>;

export const taskView = z.object({
  task_id: int(),
  kind: z.enum(TASK_KINDS),
  name: z.string(),
  /** Count of actions, or units for `recharge`. */
  target: int(),
  /** Today's count (capped at target); 0 without a login. */
  progress: int(),
  done: z.boolean(),
  claimed: z.boolean(),
  /** The reward at the player's level; without a login, at level 0. Null: none at this level. */
  reward: taskReward.nullable(),
  rewards: z.array(taskRewardRow),
});
export type TaskView = z.infer<typeof taskView>;

export const taskListResponse = z.object({
  /** The China day the list is of, YYYY-MM-DD. */
  day: z.string(),
  /** When the tasks reset (the next China midnight). */
  reset_at: int(),
  system_time: int(),
  logged_in: z.boolean(),
  vip_level: int(),
  list: z.array(taskView),
});
export type TaskListResponse = z.infer<typeof taskListResponse>;

export const taskClaimRequest = z.object({ task_id: recordId });
export const taskClaimResponse = z.object({
  task_id: int(),
  points: int(),
  coins: int(),
  /** Balances after the reward. */
  point_balance: int(),
  money: int(),
});
export type TaskClaimResponse = z.infer<typeof taskClaimResponse>;

/** `join_notice_to_task` on user:{id}: a task was just completed (all three names: a room has no locale). */
export const taskNoticePush = z.object({
  task_id: int(),
  kind: z.enum(TASK_KINDS),
  names: z.object({ 'zh-CN': z.string(), 'zh-TW': z.string(), 'en-US': z.string() }),
  day: z.string(),
});
export type TaskNoticePush = z.infer<typeof taskNoticePush>;
