import type { AdminActivity, AdminActivityInput, AdminActivityUpdate } from '@kaixiang/shared/sign-in';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { activities } from '../../db/schema/site.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';

type ActivityRow = typeof activities.$inferSelect;

/** What players see of an activity at `nowMs`. */
export function activityState(r: Pick<ActivityRow, 'enabled' | 'startAt' | 'endAt'>, nowMs: number) {
  if (!r.enabled) return 'off' as const;
  if (r.endAt.getTime() <= nowMs) return 'ended' as const;
  return r.startAt.getTime() <= nowMs ? ('running' as const) : ('upcoming' as const);
}

export function adminActivityView(r: ActivityRow, nowMs: number): AdminActivity {
  return {
    id: r.id,
    title_zh_cn: r.titleZhCn,
    title_zh_tw: r.titleZhTw,
    title_en: r.titleEn,
    rules_zh_cn: r.rulesZhCn,
    rules_zh_tw: r.rulesZhTw,
    rules_en: r.rulesEn,
    img: r.img,
    path: r.path,
    start_at: r.startAt.getTime(),
    end_at: r.endAt.getTime(),
    sort: r.sort,
    enabled: r.enabled,
    state: activityState(r, nowMs),
    updated_at: r.updatedAt.getTime(),
  };
}

function checkWindow(startMs: number, endMs: number): void {
  if (startMs >= endMs) throw new AppError('ACTIVITY_WINDOW');
}

/**
 * The activity list's admin API (the spec's data.activities; docs/promotions/sign-in.md
 * "Activity centre"): rows an operator creates and edits, each change checked and recorded in the
 * audit log with who made it, in the change's own transaction. Rows are never deleted: an
 * activity is switched off (enabled false) or ends.
 */
export function createActivitiesAdmin(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}) {
  const { db, clock } = deps;
  return {
    async list(): Promise<{ list: AdminActivity[] }> {
      const rows = await db.select().from(activities).orderBy(asc(activities.sort), asc(activities.startAt));
      const nowMs = clock.now();
      return { list: rows.map((r) => adminActivityView(r, nowMs)) };
    },

    async create(who: AdminActor, input: AdminActivityInput): Promise<AdminActivity> {
      checkWindow(input.start_at, input.end_at);
      return deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        const [row] = await tx
          .insert(activities)
          .values({
            titleZhCn: input.title_zh_cn,
            titleZhTw: input.title_zh_tw,
            titleEn: input.title_en,
            rulesZhCn: input.rules_zh_cn,
            rulesZhTw: input.rules_zh_tw,
            rulesEn: input.rules_en,
            img: input.img,
            path: input.path,
            startAt: new Date(input.start_at),
            endAt: new Date(input.end_at),
            sort: input.sort,
            enabled: input.enabled,
            updatedAt: now,
          })
          .returning();
        if (!row) throw new Error('activity insert returned nothing');
        const after = adminActivityView(row, now.getTime());
        await recordAudit(
          tx,
          who,
          { action: 'activity.create', target: `activity:${row.id}`, after, reason: input.reason },
          now,
        );
        return after;
      });
    },

    async update(who: AdminActor, input: AdminActivityUpdate): Promise<AdminActivity> {
      return deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        const [row] = await tx.select().from(activities).where(eq(activities.id, input.id)).for('update');
        if (!row) throw new AppError('ACTIVITY_NOT_FOUND');
        const startMs = input.start_at ?? row.startAt.getTime();
        const endMs = input.end_at ?? row.endAt.getTime();
        checkWindow(startMs, endMs);
        const { id, reason, start_at, end_at, ...fields } = input;
        const [updated] = await tx
          .update(activities)
          .set({
            ...(fields.title_zh_cn === undefined ? {} : { titleZhCn: fields.title_zh_cn }),
            ...(fields.title_zh_tw === undefined ? {} : { titleZhTw: fields.title_zh_tw }),
            ...(fields.title_en === undefined ? {} : { titleEn: fields.title_en }),
            ...(fields.rules_zh_cn === undefined ? {} : { rulesZhCn: fields.rules_zh_cn }),
            ...(fields.rules_zh_tw === undefined ? {} : { rulesZhTw: fields.rules_zh_tw }),
            ...(fields.rules_en === undefined ? {} : { rulesEn: fields.rules_en }),
            ...(fields.img === undefined ? {} : { img: fields.img }),
            ...(fields.path === undefined ? {} : { path: fields.path }),
            ...(fields.sort === undefined ? {} : { sort: fields.sort }),
            ...(fields.enabled === undefined ? {} : { enabled: fields.enabled }),
            startAt: new Date(startMs),
            endAt: new Date(endMs),
            updatedAt: now,
          })
          .where(eq(activities.id, id))
          .returning();
        if (!updated) throw new AppError('ACTIVITY_NOT_FOUND');
        const nowMs = now.getTime();
        const after = adminActivityView(updated, nowMs);
        await recordAudit(
          tx,
          who,
          {
            action: 'activity.update',
            target: `activity:${id}`,
            before: adminActivityView(row, nowMs),
            after,
            reason,
          },
          now,
        );
        return after;
      });
    },
  };
}

export type ActivitiesAdmin = ReturnType<typeof createActivitiesAdmin>;
