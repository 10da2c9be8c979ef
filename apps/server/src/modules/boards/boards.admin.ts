import type {
  AdminBoardSettings,
  AdminBoardSettingsInput,
  AdminClosuresResponse,
  AdminPkPowerEvent,
  AdminPkPowerEventInput,
  AdminPkPowerEventsResponse,
  AdminPkPowerEventUpdate,
} from '@kaixiang/shared/boards';
import { and, count, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { boardClosures, boardPrizes, boardScores, boardSettings, pkPowerEvents } from '../../db/schema/boards.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import { eventState } from './boards.service.ts';
import { checkBoardSettings, readBoardSettings } from './boards.settings.ts';

type EventRow = typeof pkPowerEvents.$inferSelect;

/** An activity's columns as the operator gave them. */
const eventFields = (input: AdminPkPowerEventInput) => ({
  titleZhCn: input.title_zh_cn,
  titleZhTw: input.title_zh_tw,
  titleEn: input.title_en,
  startsAt: new Date(input.starts_at),
  endsAt: new Date(input.ends_at),
  createPower: input.create_power,
  winPower: input.win_power,
  prizes: input.prizes,
});

/**
 * The boards' admin API (permission promotions.manage): prize settings, the closes' record, and
 * PK power activities. Every change is written with its audit record in one transaction.
 */
export function createBoardsAdmin(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}) {
  const { db, clock } = deps;

  async function settingsOf(tx: Db | Tx): Promise<AdminBoardSettings> {
    return {
      list: (await readBoardSettings(tx)).map((s) => ({
        board: s.board,
        period: s.period,
        enabled: s.enabled,
        prizes: s.prizes,
        updated_at: s.updatedAt?.getTime() ?? null,
      })),
    };
  }

  async function eventView(tx: Db | Tx, e: EventRow): Promise<AdminPkPowerEvent> {
    const period = `e:${e.id}`;
    const [[closed], [players]] = await Promise.all([
      tx
        .select({ at: boardClosures.closedAt })
        .from(boardClosures)
        .where(and(eq(boardClosures.board, 'pk_power'), eq(boardClosures.period, period))),
      tx
        .select({ n: count() })
        .from(boardScores)
        .where(and(eq(boardScores.board, 'pk_power'), eq(boardScores.period, period))),
    ]);
    return {
      id: e.id,
      title_zh_cn: e.titleZhCn,
      title_zh_tw: e.titleZhTw,
      title_en: e.titleEn,
      starts_at: e.startsAt.getTime(),
      ends_at: e.endsAt.getTime(),
      create_power: e.createPower,
      win_power: e.winPower,
      prizes: e.prizes,
      state: eventState(e, clock.now()),
      closed: closed !== undefined,
      players: players?.n ?? 0,
      updated_at: e.updatedAt.getTime(),
    };
  }

  /** Activities never overlap: a battle's end falls in at most one. */
  async function checkWindow(tx: Tx, startsAt: number, endsAt: number, exceptId: number | null) {
    if (endsAt <= startsAt || endsAt <= clock.now()) throw new AppError('PK_POWER_EVENT_TIME_INVALID');
    const clash = await tx
      .select({ id: pkPowerEvents.id })
      .from(pkPowerEvents)
      .where(
        and(
          lt(pkPowerEvents.startsAt, new Date(endsAt)),
          gt(pkPowerEvents.endsAt, new Date(startsAt)),
          exceptId === null ? undefined : ne(pkPowerEvents.id, exceptId),
        ),
      )
      .limit(1);
    if (clash.length > 0) throw new AppError('PK_POWER_EVENT_OVERLAP');
  }

  // One lock for every activity change: two overlapping activities saved at once would each find
  // the other missing.
  const lockEvents = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('kx_pk_power_events'))`);

  return {
    settings: () => settingsOf(db),

    async saveSettings(who: AdminActor, input: AdminBoardSettingsInput): Promise<AdminBoardSettings> {
      const list = checkBoardSettings(input);
      return deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kx_board_settings'))`);
        const before = await settingsOf(tx);
        for (const s of list) {
          await tx
            .insert(boardSettings)
            .values({ board: s.board, period: s.period, enabled: s.enabled, prizes: s.prizes, updatedAt: now })
            .onConflictDoUpdate({
              target: [boardSettings.board, boardSettings.period],
              set: { enabled: s.enabled, prizes: s.prizes, updatedAt: now },
            });
        }
        const after = await settingsOf(tx);
        await recordAudit(
          tx,
          who,
          { action: 'boards.settings', target: 'board_settings', before, after, reason: input.reason },
          now,
        );
        return after;
      });
    },

    async closures(q: { page: number; page_size: number }): Promise<AdminClosuresResponse> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(boardClosures)
          .orderBy(desc(boardClosures.closedAt), desc(boardClosures.period), boardClosures.board)
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size),
        db.select({ n: count() }).from(boardClosures),
      ]);
      const periods = [...new Set(rows.map((r) => r.period))];
      const prizes = periods.length
        ? await db
            .select({ p: boardPrizes, name: users.nickName })
            .from(boardPrizes)
            .leftJoin(users, eq(users.id, boardPrizes.userId))
            .where(inArray(boardPrizes.period, periods))
            .orderBy(boardPrizes.rank)
        : [];
      return {
        total: total?.n ?? 0,
        list: rows.map((r) => ({
          board: r.board,
          period_key: r.period,
          closed_at: r.closedAt.getTime(),
          prizes: prizes
            .filter(({ p }) => p.board === r.board && p.period === r.period)
            .map(({ p, name }) => ({
              rank: p.rank,
              user_id: p.userId,
              nick_name: name ?? '',
              score: p.score,
              prize: p.prizeUnits,
            })),
        })),
      };
    },

    async pkPowerEvents(): Promise<AdminPkPowerEventsResponse> {
      const rows = await db.select().from(pkPowerEvents).orderBy(desc(pkPowerEvents.startsAt));
      return { list: await Promise.all(rows.map((e) => eventView(db, e))) };
    },

    async createPkPowerEvent(who: AdminActor, input: AdminPkPowerEventInput): Promise<AdminPkPowerEvent> {
      return deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        await lockEvents(tx);
        await checkWindow(tx, input.starts_at, input.ends_at, null);
        const [row] = await tx
          .insert(pkPowerEvents)
          .values({ ...eventFields(input), createdAt: now, updatedAt: now })
          .returning();
        if (!row) throw new Error('pk power event insert returned nothing');
        const after = await eventView(tx, row);
        await recordAudit(
          tx,
          who,
          { action: 'boards.pk_power.create', target: `pk_power:${row.id}`, after, reason: input.reason },
          now,
        );
        return after;
      });
    },

    /**
     * An activity that has not started may change in every way; a running one only in its titles,
     * prizes and a later end (its rules are what players have been earning under); an ended one
     * not at all.
     */
    async updatePkPowerEvent(who: AdminActor, input: AdminPkPowerEventUpdate): Promise<AdminPkPowerEvent> {
      return deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        await lockEvents(tx);
        const [row] = await tx.select().from(pkPowerEvents).where(eq(pkPowerEvents.id, input.id)).for('update');
        if (!row) throw new AppError('PK_POWER_EVENT_NOT_FOUND');
        const state = eventState(row, now.getTime());
        if (state === 'ended') throw new AppError('PK_POWER_EVENT_ENDED');
        if (
          state === 'running' &&
          (input.starts_at !== row.startsAt.getTime() ||
            input.create_power !== row.createPower ||
            input.win_power !== row.winPower ||
            input.ends_at < row.endsAt.getTime())
        ) {
          throw new AppError('PK_POWER_EVENT_STARTED');
        }
        await checkWindow(tx, input.starts_at, input.ends_at, row.id);
        const before = await eventView(tx, row);
        const [changed] = await tx
          .update(pkPowerEvents)
          .set({ ...eventFields(input), updatedAt: now })
          .where(eq(pkPowerEvents.id, row.id))
          .returning();
        if (!changed) throw new Error('pk power event update returned nothing');
        const after = await eventView(tx, changed);
        await recordAudit(
          tx,
          who,
          { action: 'boards.pk_power.update', target: `pk_power:${row.id}`, before, after, reason: input.reason },
          now,
        );
        return after;
      });
    },
  };
}

export type BoardsAdmin = ReturnType<typeof createBoardsAdmin>;
