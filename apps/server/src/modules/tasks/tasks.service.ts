import type { Locale } from '@kaixiang/shared/locale';
import { userRoom } from '@kaixiang/shared/socket';
import {
  TASK_NOTICE_EVENT,
  TASK_REWARD_KIND,
  type TaskClaimResponse,
  type TaskKind,
  type TaskListResponse,
  type TaskNoticePush,
} from '@kaixiang/shared/tasks';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import { balancesOf, type Ledger } from '../ledger/ledger.ts';
import { chinaDayOf, chinaDayRange } from '../promotion/china-day.ts';
import { assertMayClaim } from '../protection/protection.service.ts';
import { vipLevelOf } from '../vip/vip.service.ts';
import { capsOf, progressOf } from './tasks.progress.ts';
import { rewardAt, type TaskRow, tasksRepo } from './tasks.repo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tasks: TasksService;
  }
}

/** Tasks are read from the table at most this often per process (an admin change here refreshes at once). */
const TASKS_TTL_MS = 5_000;
/** Actions of one player within this long are checked once (an opening of 10 boxes, a burst of bets). */
export const NOTICE_COALESCE_MS = 100;
/** The per-process memory of notices sent is forgotten past this many entries (it is only a shortcut). */
const MEMO_MAX = 200_000;

export interface TasksDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  bus: EventBus;
  log?: { warn: (obj: unknown, msg: string) => void };
}

export function nameOf(task: Pick<TaskRow, 'nameZhCn' | 'nameZhTw' | 'nameEn'>, locale: Locale): string {
  if (locale === 'zh-TW') return task.nameZhTw || task.nameZhCn;
  if (locale === 'en-US') return task.nameEn || task.nameZhCn;
  return task.nameZhCn;
}

export function createTasksService(deps: TasksDeps) {
  const { db, clock, ledger, bus } = deps;

  let cached: { at: number; tasks: Promise<TaskRow[]> } | null = null;
  const enabledTasks = (): Promise<TaskRow[]> => {
    const now = clock.now();
    if (!cached || now - cached.at > TASKS_TTL_MS || now < cached.at) {
      const tasks = tasksRepo.tasks(db);
      tasks.catch(() => {
        cached = null;
      });
      cached = { at: now, tasks };
    }
    return cached.tasks;
  };

  async function list(userId: number | null, locale: Locale): Promise<TaskListResponse> {
    const now = clock.now();
    const day = chinaDayOf(now);
    const window = chinaDayRange(day);
    const tasks = await enabledTasks();
    const [progress, claimed, level] =
      userId === null
        ? [{}, new Set<number>(), 0]
        : await Promise.all([
            progressOf(db, userId, capsOf(tasks), window),
            tasksRepo.claimedOn(db, userId, day),
            vipLevelOf(db, userId),
          ]);
    return {
      day,
      reset_at: window.end.getTime(),
      system_time: now,
      logged_in: userId !== null,
      vip_level: level,
      list: tasks.map((t) => {
        const reached = (progress as Record<string, number>)[t.kind] ?? 0;
        const reward = rewardAt(t, level);
        return {
          task_id: t.id,
          kind: t.kind,
          name: nameOf(t, locale),
          target: t.target,
          progress: Math.min(reached, t.target),
          done: reached >= t.target,
          claimed: claimed.has(t.id),
          reward: reward ? { points: reward.points, coins: reward.coinUnits } : null,
          rewards: t.rewards.map((r) => ({
            vip_min: r.vipMin,
            vip_max: r.vipMax,
            points: r.points,
            coins: r.coinUnits,
          })),
        };
      }),
    };
  }

  /**
   * One short ledger transaction: the task and its rewards, today's progress of its kind, the
   * player's level (judged on the ledger), the claim row (unique per player, task and day: a second
   * claim, concurrent or not, inserts nothing and is refused) and the reward's transfers from
   * `promotions`, keyed per player, task, day and currency (a replay would move nothing either).
   */
  async function claim(userId: number, taskId: number): Promise<TaskClaimResponse> {
    await assertMayClaim(deps.db, userId, deps.clock.now());
    const paid = await ledger.transaction(async ({ tx, now, post }) => {
      const day = chinaDayOf(now.getTime());
      const [task] = await tasksRepo.tasks(tx, { id: taskId });
      if (!task) throw new AppError('TASK_NOT_FOUND');
      const progress = await progressOf(tx, userId, capsOf([task]), chinaDayRange(day));
      if ((progress[task.kind] ?? 0) < task.target) throw new AppError('TASK_NOT_DONE');
      const level = await vipLevelOf(tx, userId);
      const reward = rewardAt(task, level);
      if (!reward) throw new AppError('TASK_NO_REWARD');
      const claimId = await tasksRepo.insertClaim(tx, {
        userId,
        taskId,
        day,
        vipLevel: level,
        points: reward.points,
        coinUnits: reward.coinUnits,
        createdAt: now,
      });
      if (claimId === null) throw new AppError('TASK_ALREADY_CLAIMED');
      const key = `${TASK_REWARD_KIND}:${userId}:${taskId}:${day}`;
      const memo = task.nameZhCn;
      for (const [currency, amount] of [
        ['point', reward.points],
        ['coin', reward.coinUnits],
      ] as const) {
        if (amount <= 0) continue;
        await post({
          kind: TASK_REWARD_KIND,
          key: `${key}:${currency}`,
          currency,
          memo,
          legs: [
            { account: { house: 'promotions' }, amount: -amount },
            { account: { userId }, amount },
          ],
        });
      }
      const balances = await balancesOf(tx, userId);
      return { reward, balances };
    });
    return {
      task_id: taskId,
      points: paid.reward.points,
      coins: paid.reward.coinUnits,
      point_balance: paid.balances.point,
      money: paid.balances.coin,
    };
  }

  // ---- The task notice (join_notice_to_task) ----

  let memoDay = '';
  const memo = new Set<string>();
  const remembered = (day: string, userId: number, taskId: number) =>
    memoDay === day && memo.has(`${userId}:${taskId}`);
  const remember = (day: string, userId: number, taskId: number) => {
    if (memoDay !== day || memo.size > MEMO_MAX) {
      memo.clear();
      memoDay = day;
    }
    memo.add(`${userId}:${taskId}`);
  };

  /**
   * After a player's action committed: the tasks of those kinds not yet noticed today are checked,
   * and each one now complete gets its notice, recorded once per player, task and day whatever the
   * process (daily_task_notices' key), then published to the player's room.
   */
  async function check(userId: number, kinds: ReadonlySet<TaskKind>): Promise<number[]> {
    const now = clock.now();
    const day = chinaDayOf(now);
    const tasks = (await enabledTasks()).filter((t) => kinds.has(t.kind) && !remembered(day, userId, t.id));
    if (tasks.length === 0) return [];
    const progress = await progressOf(db, userId, capsOf(tasks), chinaDayRange(day));
    const done = tasks.filter((t) => (progress[t.kind] ?? 0) >= t.target);
    if (done.length === 0) return [];
    const fresh = new Set(
      await tasksRepo.recordNotices(
        db,
        userId,
        day,
        done.map((t) => t.id),
        new Date(now),
      ),
    );
    for (const t of done) remember(day, userId, t.id);
    for (const t of done) {
      if (!fresh.has(t.id)) continue;
      const push: TaskNoticePush = {
        task_id: t.id,
        kind: t.kind,
        names: { 'zh-CN': t.nameZhCn, 'zh-TW': nameOf(t, 'zh-TW'), 'en-US': nameOf(t, 'en-US') },
        day,
      };
      await bus.publish(userRoom(userId), TASK_NOTICE_EVENT, push).catch(() => undefined);
    }
    return [...fresh];
  }

  const pending = new Map<number, { kinds: Set<TaskKind>; timer: ReturnType<typeof setTimeout> }>();
  // The checks running now (each leaves when done: a chain of every check ever run would grow forever).
  const running = new Set<Promise<unknown>>();
  const runCheck = (userId: number, kinds: ReadonlySet<TaskKind>) => {
    pending.delete(userId);
    const run: Promise<unknown> = check(userId, kinds)
      .catch((e) => deps.log?.warn({ err: e, userId }, 'task notice check failed'))
      .finally(() => running.delete(run));
    running.add(run);
  };
  const settled = () => Promise.all([...running]);

  /** A player's action of these kinds committed in this process: checked shortly, once for a burst. */
  function touch(userId: number, kinds: readonly TaskKind[]): void {
    const known = pending.get(userId);
    if (known) {
      for (const k of kinds) known.kinds.add(k);
      return;
    }
    const entry = {
      kinds: new Set(kinds),
      timer: setTimeout(() => runCheck(userId, entry.kinds), NOTICE_COALESCE_MS),
    };
    pending.set(userId, entry);
  }

  return {
    list,
    claim,
    check,
    touch,
    /** The task list changed (admin API): read it again on the next request. */
    invalidate(): void {
      cached = null;
    },
    /** Runs the checks waiting to coalesce now and waits for every check (tests: a state, not a time). */
    async drain(): Promise<void> {
      for (const [userId, p] of [...pending]) {
        clearTimeout(p.timer);
        runCheck(userId, p.kinds);
      }
      await settled();
    },
    /** Stops pending checks and waits for running ones (app close). */
    async close(): Promise<void> {
      for (const p of pending.values()) clearTimeout(p.timer);
      pending.clear();
      await settled();
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
