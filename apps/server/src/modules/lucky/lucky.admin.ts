import type { ErrorKey } from '@kaixiang/shared/errors';
import {
  type AdminLuckyWindow,
  LUCKY_AWARD_MAX_UNITS,
  LUCKY_AWARD_MIN_UNITS,
  LUCKY_AWARD_STEP_UNITS,
  LUCKY_ODDS,
  LUCKY_WINDOW_MAX_MS,
  type LuckyWindowInput,
} from '@kaixiang/shared/lucky';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { luckyPlayers, luckyWindows } from '../../db/schema/lucky.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import { windowView } from './lucky.service.ts';

type WindowRow = typeof luckyWindows.$inferSelect;

/** A schedule may start this much before the server's now (the operator's form picked "now"). */
const START_SLACK_MS = 60_000;

/**
 * The rules of a window as the operator sets it; the first broken one, or null. `stored` is the
 * window being changed (null for a new one). Overlaps are checked apart, under the table's lock.
 */
export function windowProblem(
  input: Pick<LuckyWindowInput, 'start_time' | 'end_time' | 'award'>,
  stored: Pick<WindowRow, 'startsAt' | 'endsAt' | 'cancelledAt'> | null,
  nowMs: number,
): ErrorKey | null {
  if (stored && (stored.cancelledAt || stored.endsAt.getTime() <= nowMs)) return 'LUCKY_WINDOW_ENDED';
  const started = stored !== null && stored.startsAt.getTime() <= nowMs;
  // The openings of a running window were rolled under its start: it stays where it was.
  if (started && input.start_time !== stored.startsAt.getTime()) return 'LUCKY_WINDOW_STARTED';
  const { award } = input;
  if (award < LUCKY_AWARD_MIN_UNITS || award > LUCKY_AWARD_MAX_UNITS || award % LUCKY_AWARD_STEP_UNITS !== 0) {
    return 'LUCKY_AWARD_INVALID';
  }
  if (!started && input.start_time < nowMs - START_SLACK_MS) return 'LUCKY_WINDOW_INVALID';
  if (input.end_time <= input.start_time || input.end_time <= nowMs) return 'LUCKY_WINDOW_INVALID';
  if (input.end_time - input.start_time > LUCKY_WINDOW_MAX_MS) return 'LUCKY_WINDOW_INVALID';
  return null;
}

/** What the audit log keeps of a window. */
const audited = (w: WindowRow) => ({ ...windowView(w), cancelled_at: w.cancelledAt?.getTime() ?? null });

/**
 * The admin API of the lucky player (docs/promotions/lucky.md): schedule, change and cancel the
 * windows. Each change runs in one transaction with its audit record, under the table's lock, so
 * two admins cannot schedule overlapping windows at once. The box openings of this process see a
 * change at once; the other processes within LUCKY_WINDOWS_CACHE_MS.
 */
export function createLuckyAdmin(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  onChange: () => void;
}) {
  const { db, clock } = deps;

  async function change<T>(fn: (tx: Tx, now: Date) => Promise<T>): Promise<T> {
    const out = await deps.transaction(async (tx) => {
      await tx.execute(sql`lock table lucky_windows in exclusive mode`);
      return fn(tx, new Date(clock.now()));
    });
    deps.onChange();
    return out;
  }

  async function overlapping(tx: Tx, input: LuckyWindowInput, exceptId: number): Promise<boolean> {
    const [other] = await tx
      .select({ id: luckyWindows.id })
      .from(luckyWindows)
      .where(
        and(
          isNull(luckyWindows.cancelledAt),
          ne(luckyWindows.id, exceptId),
          lt(luckyWindows.startsAt, new Date(input.end_time)),
          gt(luckyWindows.endsAt, new Date(input.start_time)),
        ),
      )
      .limit(1);
    return other !== undefined;
  }

  async function stored(tx: Tx, id: number): Promise<WindowRow> {
    const [w] = await tx.select().from(luckyWindows).where(eq(luckyWindows.id, id));
    if (!w) throw new AppError('LUCKY_WINDOW_NOT_FOUND');
    return w;
  }

  function check(input: LuckyWindowInput, w: WindowRow | null, now: Date) {
    const problem = windowProblem(input, w, now.getTime());
    if (problem) throw new AppError(problem);
  }

  return {
    async list(): Promise<{ list: AdminLuckyWindow[]; system_time: number }> {
      const nowMs = clock.now();
      const rows = await db
        .select({
          w: luckyWindows,
          n: sql<number>`(select count(*)::int from ${luckyPlayers} where ${luckyPlayers.windowId} = ${luckyWindows.id})`,
          paid: sql<string>`(select coalesce(sum(${luckyPlayers.awardUnits}), 0)::text from ${luckyPlayers} where ${luckyPlayers.windowId} = ${luckyWindows.id})`,
        })
        .from(luckyWindows)
        .orderBy(desc(luckyWindows.startsAt), desc(luckyWindows.id));
      return {
        system_time: nowMs,
        list: rows.map(({ w, n, paid }) => ({
          ...windowView(w),
          status: w.cancelledAt
            ? 'cancelled'
            : w.endsAt.getTime() <= nowMs
              ? 'ended'
              : w.startsAt.getTime() <= nowMs
                ? 'running'
                : 'scheduled',
          lucky_count: Number(n),
          paid_units: Number(paid),
          expected_units_per_opening: w.awardUnits / LUCKY_ODDS,
          created_by: w.createdBy,
          created_at: w.createdAt.getTime(),
          updated_at: w.updatedAt.getTime(),
        })),
      };
    },

    schedule(who: AdminActor, input: LuckyWindowInput) {
      return change(async (tx, now) => {
        check(input, null, now);
        if (await overlapping(tx, input, 0)) throw new AppError('LUCKY_WINDOW_OVERLAP');
        const [w] = await tx
          .insert(luckyWindows)
          .values({
            startsAt: new Date(input.start_time),
            endsAt: new Date(input.end_time),
            awardUnits: input.award,
            createdBy: who.adminId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!w) throw new Error('lucky window not inserted');
        await recordAudit(
          tx,
          who,
          { action: 'lucky.window.schedule', target: `lucky_window:${w.id}`, after: audited(w), reason: input.reason },
          now,
        );
        return windowView(w);
      });
    },

    update(who: AdminActor, input: LuckyWindowInput & { id: number }) {
      return change(async (tx, now) => {
        const before = await stored(tx, input.id);
        check(input, before, now);
        if (await overlapping(tx, input, input.id)) throw new AppError('LUCKY_WINDOW_OVERLAP');
        const [after] = await tx
          .update(luckyWindows)
          .set({
            startsAt: new Date(input.start_time),
            endsAt: new Date(input.end_time),
            awardUnits: input.award,
            updatedAt: now,
          })
          .where(eq(luckyWindows.id, input.id))
          .returning();
        if (!after) throw new Error('lucky window vanished under its lock');
        await recordAudit(
          tx,
          who,
          {
            action: 'lucky.window.update',
            target: `lucky_window:${input.id}`,
            before: audited(before),
            after: audited(after),
            reason: input.reason,
          },
          now,
        );
        return windowView(after);
      });
    },

    cancel(who: AdminActor, input: { id: number; reason: string }) {
      return change(async (tx, now) => {
        const before = await stored(tx, input.id);
        if (before.cancelledAt || before.endsAt <= now) throw new AppError('LUCKY_WINDOW_ENDED');
        if (before.startsAt <= now) throw new AppError('LUCKY_WINDOW_STARTED');
        const [after] = await tx
          .update(luckyWindows)
          .set({ cancelledAt: now, updatedAt: now })
          .where(eq(luckyWindows.id, input.id))
          .returning();
        if (!after) throw new Error('lucky window vanished under its lock');
        await recordAudit(
          tx,
          who,
          {
            action: 'lucky.window.cancel',
            target: `lucky_window:${input.id}`,
            before: audited(before),
            after: audited(after),
            reason: input.reason,
          },
          now,
        );
        return windowView(after);
      });
    },
  };
}

export type LuckyAdmin = ReturnType<typeof createLuckyAdmin>;
