import type { TaskKind } from '@kaixiang/shared/tasks';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dailyTaskClaims, dailyTaskNotices, dailyTaskRewards, dailyTasks } from '../../db/schema/tasks.ts';

type Exec = Db | Tx;

export interface RewardRow {
  vipMin: number;
  vipMax: number;
  points: number;
  coinUnits: number;
}

export interface TaskRow {
  id: number;
  slug: string;
  kind: TaskKind;
  nameZhCn: string;
  nameZhTw: string;
  nameEn: string;
  target: number;
  sort: number;
  enabled: boolean;
  rewards: RewardRow[];
}

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const tasksRepo = {
  /** Every task (enabled or not when `all`) with its reward rows, in display order. */
  async tasks(db: Exec, opts: { all?: boolean; id?: number } = {}): Promise<TaskRow[]> {
    const where = and(
      opts.all ? undefined : eq(dailyTasks.enabled, true),
      opts.id === undefined ? undefined : eq(dailyTasks.id, opts.id),
    );
    const rows = await db
      .select({ t: dailyTasks, r: dailyTaskRewards })
      .from(dailyTasks)
      .leftJoin(dailyTaskRewards, eq(dailyTaskRewards.taskId, dailyTasks.id))
      .where(where)
      .orderBy(asc(dailyTasks.sort), asc(dailyTasks.id), asc(dailyTaskRewards.vipMin));
    const byId = new Map<number, TaskRow>();
    for (const { t, r } of rows) {
      let task = byId.get(t.id);
      if (!task) {
        task = {
          id: t.id,
          slug: t.slug,
          kind: t.kind as TaskKind,
          nameZhCn: t.nameZhCn,
          nameZhTw: t.nameZhTw,
          nameEn: t.nameEn,
          target: t.target,
          sort: t.sort,
          enabled: t.enabled,
          rewards: [],
        };
        byId.set(t.id, task);
      }
      if (r) task.rewards.push({ vipMin: r.vipMin, vipMax: r.vipMax, points: r.points, coinUnits: r.coinUnits });
    }
    return [...byId.values()];
  },

  /** The ids of the tasks the player claimed on a day. */
  async claimedOn(db: Exec, userId: number, day: string): Promise<Set<number>> {
    const rows = await db
      .select({ taskId: dailyTaskClaims.taskId })
      .from(dailyTaskClaims)
      .where(and(eq(dailyTaskClaims.userId, userId), eq(dailyTaskClaims.day, day)));
    return new Set(rows.map((r) => r.taskId));
  },

  /**
   * The claim row, or null when the player claimed this task on this day before: the unique index
   * makes a concurrent second insert wait for the first's commit and then insert nothing.
   */
  async insertClaim(tx: Tx, row: typeof dailyTaskClaims.$inferInsert): Promise<number | null> {
    const [made] = await tx
      .insert(dailyTaskClaims)
      .values(row)
      .onConflictDoNothing({ target: [dailyTaskClaims.userId, dailyTaskClaims.day, dailyTaskClaims.taskId] })
      .returning({ id: dailyTaskClaims.id });
    return made?.id ?? null;
  },

  /** The tasks of `taskIds` whose notice is first recorded now (each goes out once per day). */
  async recordNotices(db: Exec, userId: number, day: string, taskIds: readonly number[], at: Date): Promise<number[]> {
    if (taskIds.length === 0) return [];
    const made = await db
      .insert(dailyTaskNotices)
      .values(taskIds.map((taskId) => ({ userId, day, taskId, createdAt: at })))
      .onConflictDoNothing()
      .returning({ taskId: dailyTaskNotices.taskId });
    return made.map((m) => m.taskId);
  },

  /** The tasks whose notice went out to the player on a day. */
  async noticedOn(db: Exec, userId: number, day: string): Promise<Set<number>> {
    const rows = await db
      .select({ taskId: dailyTaskNotices.taskId })
      .from(dailyTaskNotices)
      .where(and(eq(dailyTaskNotices.userId, userId), eq(dailyTaskNotices.day, day)));
    return new Set(rows.map((r) => r.taskId));
  },
};

/** The reward row covering a VIP level, if any. */
export function rewardAt(task: Pick<TaskRow, 'rewards'>, level: number): RewardRow | null {
  return task.rewards.find((r) => r.vipMin <= level && level <= r.vipMax) ?? null;
}
