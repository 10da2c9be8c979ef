import type { AdminTask, AdminTaskInput, AdminTasksResponse, AdminTaskUpdate } from '@kaixiang/shared/admin-tasks';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sessions } from '../../db/schema/accounts.ts';
import { dailyTaskClaims, dailyTaskRewards, dailyTasks } from '../../db/schema/tasks.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import { chinaDayBefore } from '../promotion/china-day.ts';
import { type RewardRow, rewardAt, type TaskRow, tasksRepo } from './tasks.repo.ts';

const ACTIVE_DAYS = 7;
const PPM = 1_000_000;

/** Reward rows as the admin API takes them, checked: no level in two ranges. */
function checkedRewards(rows: AdminTaskInput['rewards']): RewardRow[] {
  const sorted = [...rows].sort((a, b) => a.vip_min - b.vip_min);
  for (let i = 1; i < sorted.length; i++) {
    if ((sorted[i]?.vip_min ?? 0) <= (sorted[i - 1]?.vip_max ?? 0)) throw new AppError('TASK_REWARD_RANGES');
  }
  return sorted.map((r) => ({ vipMin: r.vip_min, vipMax: r.vip_max, points: r.points, coinUnits: r.coins }));
}

const snapshot = (t: TaskRow) => ({
  kind: t.kind,
  name_zh_cn: t.nameZhCn,
  name_zh_tw: t.nameZhTw,
  name_en: t.nameEn,
  target: t.target,
  sort: t.sort,
  enabled: t.enabled,
  rewards: t.rewards.map((r) => ({ vip_min: r.vipMin, vip_max: r.vipMax, points: r.points, coins: r.coinUnits })),
});

export interface TasksAdminDeps {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** The task list changed: the players' side reads it again. */
  onChange: () => void;
}

/** The admin side of the daily tasks (admin/v1/tasks/*; docs/promotions/tasks.md "Admin API"). */
export function createTasksAdmin(deps: TasksAdminDeps) {
  const { db, clock } = deps;

  /** Players with a session used in the last 7 days, by VIP level. */
  async function activeByLevel(): Promise<Map<number, number>> {
    const since = new Date(clock.now() - ACTIVE_DAYS * 86_400_000);
    const rows = await db
      .select({ level: users.vipLevel, n: sql<number>`count(distinct ${users.id})::int` })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(gte(sql`coalesce(${sessions.refreshedAt}, ${sessions.createdAt})`, since))
      .groupBy(users.vipLevel);
    return new Map(rows.map((r) => [r.level, Number(r.n)]));
  }

  async function list(): Promise<AdminTasksResponse> {
    const [tasks, levels, claims] = await Promise.all([
      tasksRepo.tasks(db, { all: true }),
      activeByLevel(),
      db
        .select({ taskId: dailyTaskClaims.taskId, n: count() })
        .from(dailyTaskClaims)
        .where(gte(dailyTaskClaims.day, chinaDayBefore(clock.now(), ACTIVE_DAYS - 1)))
        .groupBy(dailyTaskClaims.taskId),
    ]);
    const active = [...levels.values()].reduce((a, b) => a + b, 0);
    const claimsOf = new Map(claims.map((c) => [c.taskId, Number(c.n)]));
    const views: AdminTask[] = tasks.map((t) => {
      // With nobody active, a newcomer's reward (level 0) is the most a player costs.
      const mix = active > 0 ? levels : new Map([[0, 1]]);
      const players = active > 0 ? active : 1;
      let points = 0;
      let coins = 0;
      for (const [level, n] of mix) {
        const r = rewardAt(t, level);
        points += (r?.points ?? 0) * n;
        coins += (r?.coinUnits ?? 0) * n;
      }
      const claims7d = claimsOf.get(t.id) ?? 0;
      const ratePpm = active > 0 ? Math.min(PPM, Math.round((claims7d * PPM) / (active * ACTIVE_DAYS))) : PPM;
      const maxPoints = points / players;
      const maxCoins = coins / players;
      return {
        id: t.id,
        slug: t.slug,
        ...snapshot(t),
        claims_7d: claims7d,
        claim_rate_ppm: ratePpm,
        max_points_per_player: maxPoints,
        max_coins_per_player: maxCoins,
        expected_points_per_player: (maxPoints * ratePpm) / PPM,
        expected_coins_per_player: (maxCoins * ratePpm) / PPM,
      };
    });
    const enabled = views.filter((v) => v.enabled);
    return {
      active_players: active,
      list: views,
      expected_points_per_player: enabled.reduce((a, v) => a + v.expected_points_per_player, 0),
      expected_coins_per_player: enabled.reduce((a, v) => a + v.expected_coins_per_player, 0),
    };
  }

  async function viewOf(id: number): Promise<AdminTask> {
    const view = (await list()).list.find((t) => t.id === id);
    if (!view) throw new AppError('TASK_NOT_FOUND');
    return view;
  }

  async function create(who: AdminActor, input: AdminTaskInput): Promise<AdminTask> {
    const rewards = checkedRewards(input.rewards);
    const id = await deps.transaction(async (tx) => {
      const now = new Date(clock.now());
      // Admin-made tasks are keyed by their id: take it from the sequence first, so the row is
      // written once with both.
      const next = (await tx.execute(
        sql`select nextval(pg_get_serial_sequence('daily_tasks', 'id'))::int as id`,
      )) as unknown as { rows: { id: number }[] };
      const newId = Number(next.rows[0]?.id);
      const [made] = await tx
        .insert(dailyTasks)
        .values({
          id: newId,
          slug: `admin:${newId}`,
          kind: input.kind,
          nameZhCn: input.name_zh_cn,
          nameZhTw: input.name_zh_tw,
          nameEn: input.name_en,
          target: input.target,
          sort: input.sort,
          enabled: input.enabled,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: dailyTasks.id });
      if (!made) throw new Error('task insert returned nothing');
      await tx.insert(dailyTaskRewards).values(rewards.map((r) => ({ taskId: made.id, ...r })));
      const [after] = await tasksRepo.tasks(tx, { all: true, id: made.id });
      await recordAudit(
        tx,
        who,
        { action: 'task.create', target: `task:${made.id}`, after: after && snapshot(after), reason: input.reason },
        now,
      );
      return made.id;
    });
    deps.onChange();
    return viewOf(id);
  }

  async function update(who: AdminActor, input: AdminTaskUpdate): Promise<AdminTask> {
    const rewards = input.rewards ? checkedRewards(input.rewards) : null;
    await deps.transaction(async (tx) => {
      const now = new Date(clock.now());
      // The row lock orders two admins' changes of one task: each audit's "before" is what it changed.
      const locked = await tx
        .select({ id: dailyTasks.id })
        .from(dailyTasks)
        .where(eq(dailyTasks.id, input.id))
        .for('update');
      if (locked.length === 0) throw new AppError('TASK_NOT_FOUND');
      const [before] = await tasksRepo.tasks(tx, { all: true, id: input.id });
      await tx
        .update(dailyTasks)
        .set({
          ...(input.name_zh_cn === undefined ? {} : { nameZhCn: input.name_zh_cn }),
          ...(input.name_zh_tw === undefined ? {} : { nameZhTw: input.name_zh_tw }),
          ...(input.name_en === undefined ? {} : { nameEn: input.name_en }),
          ...(input.target === undefined ? {} : { target: input.target }),
          ...(input.sort === undefined ? {} : { sort: input.sort }),
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          updatedAt: now,
        })
        .where(eq(dailyTasks.id, input.id));
      if (rewards) {
        await tx.delete(dailyTaskRewards).where(and(eq(dailyTaskRewards.taskId, input.id)));
        await tx.insert(dailyTaskRewards).values(rewards.map((r) => ({ taskId: input.id, ...r })));
      }
      const [after] = await tasksRepo.tasks(tx, { all: true, id: input.id });
      await recordAudit(
        tx,
        who,
        {
          action: 'task.update',
          target: `task:${input.id}`,
          before: before && snapshot(before),
          after: after && snapshot(after),
          reason: input.reason,
        },
        now,
      );
    });
    deps.onChange();
    return viewOf(input.id);
  }

  return { list, create, update };
}

export type TasksAdmin = ReturnType<typeof createTasksAdmin>;
