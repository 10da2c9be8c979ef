import {
  BOARDS_EVENTS,
  type BoardView,
  type KingBoard,
  type KingRow,
  type KingView,
  type PkPowerCreateRoom,
  type PkPowerEvent,
  type PkPowerView,
  type RoyalQuery,
} from '@kaixiang/shared/boards';
import type { Locale } from '@kaixiang/shared/locale';
import { SITE_ROOM } from '@kaixiang/shared/socket';
import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boardClosures, boardPrizes, pkPowerEvents } from '../../db/schema/boards.ts';
import { boxes } from '../../db/schema/boxes.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { boxOpenings } from '../../db/schema/games.ts';
import { users } from '../../db/schema/users.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import { pick } from '../site/site.service.ts';
import { boardList } from './boards.list.ts';
import { boardsRepo } from './boards.repo.ts';
import { type BoardSettingRow, readBoardSettings } from './boards.settings.ts';
import { type Period, periodOf } from './periods.ts';

export interface BoardsDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
}

type PkPowerEventRow = typeof pkPowerEvents.$inferSelect;

export function eventState(e: Pick<PkPowerEventRow, 'startsAt' | 'endsAt'>, nowMs: number): PkPowerEvent['state'] {
  if (nowMs < e.startsAt.getTime()) return 'upcoming';
  return nowMs < e.endsAt.getTime() ? 'running' : 'ended';
}

/**
 * The boards as players read them (docs/promotions/boards.md): the royal ranking, the unpacking
 * king and PK power. Every read is a range of board_scores' rank index plus a few primary-key
 * reads; the rows are kept by the game records' triggers (db/functions/boards.sql).
 */
export function createBoardsService(deps: BoardsDeps) {
  const { db, clock } = deps;
  /** What watchKing saw last in this process (null before its first look). */
  let lastKing: string | null = null;

  /** What a closed period paid by rank (empty when it paid nothing), or null while it is open: one read. */
  async function closedPrizes(board: string, period: string): Promise<number[] | null> {
    const rows = await db
      .select({ prize: boardPrizes.prizeUnits })
      .from(boardClosures)
      .leftJoin(
        boardPrizes,
        and(eq(boardPrizes.board, boardClosures.board), eq(boardPrizes.period, boardClosures.period)),
      )
      .where(and(eq(boardClosures.board, board), eq(boardClosures.period, period)))
      .orderBy(asc(boardPrizes.rank));
    if (rows.length === 0) return null;
    return rows.flatMap((r) => (r.prize === null ? [] : [r.prize]));
  }

  /** A calendar board's period with the prizes it pays (or paid, once closed), under `settings` (readBoardSettings). */
  async function periodHead(board: string, period: Period, settings: readonly BoardSettingRow[]) {
    const paid = await closedPrizes(board, period.key);
    const setting = settings.find((s) => s.board === board && s.period === period.kind);
    const enabled = setting?.enabled ?? false;
    return {
      board,
      period_key: period.key,
      starts_at: period.start.getTime(),
      ends_at: period.end.getTime(),
      enabled,
      prizes: paid ?? (enabled ? (setting?.prizes ?? []) : []),
      closed: paid !== null,
    };
  }

  async function kingBoard(
    board: KingBoard,
    period: Period,
    settings: readonly BoardSettingRow[],
    viewerId: number | null,
    locale: Locale,
  ) {
    const head = await periodHead(board, period, settings);
    const { list, me, rows } = await boardList(db, board, period.key, viewerId, head.prizes);
    const refs = rows.flatMap((r) => (r.refId === null ? [] : [r.refId]));
    const openings = refs.length
      ? await db
          .select({
            id: boxOpenings.id,
            price: boxOpenings.priceUnits,
            boxPrice: boxOpenings.boxPriceUnits,
            at: boxOpenings.createdAt,
            itemId: itemDefs.id,
            itemZhCn: itemDefs.nameZhCn,
            itemZhTw: itemDefs.nameZhTw,
            itemEn: itemDefs.nameEn,
            itemImg: itemDefs.image,
            quality: itemDefs.quality,
            boxId: boxes.id,
            boxZhCn: boxes.nameZhCn,
            boxZhTw: boxes.nameZhTw,
            boxEn: boxes.nameEn,
            boxImg: boxes.image,
          })
          .from(boxOpenings)
          .innerJoin(itemDefs, eq(itemDefs.id, boxOpenings.itemDefId))
          .innerJoin(boxes, eq(boxes.id, boxOpenings.boxId))
          .where(inArray(boxOpenings.id, refs))
      : [];
    const byId = new Map(openings.map((o) => [o.id, o]));
    const kingRows: KingRow[] = list.map((row, i) => {
      const o = byId.get(rows[i]?.refId ?? -1);
      return {
        ...row,
        item: {
          item_id: o?.itemId ?? 0,
          name: o ? pick({ zhCn: o.itemZhCn, zhTw: o.itemZhTw, en: o.itemEn }, locale) : '',
          img: o?.itemImg ?? '',
          quality: o?.quality ?? 0,
          price: o?.price ?? 0,
        },
        box: {
          box_id: o?.boxId ?? 0,
          name: o ? pick({ zhCn: o.boxZhCn, zhTw: o.boxZhTw, en: o.boxEn }, locale) : '',
          img: o?.boxImg ?? '',
          price: o?.boxPrice ?? 0,
        },
        multiple_bp: o && o.boxPrice > 0 ? Math.floor((o.price * 10_000) / o.boxPrice) : 0,
        opened_at: o?.at.getTime() ?? 0,
      };
    });
    return { ...head, list: kingRows, me };
  }

  function eventView(e: PkPowerEventRow, closed: boolean, locale: Locale, nowMs: number): PkPowerEvent {
    return {
      id: e.id,
      title: pick({ zhCn: e.titleZhCn, zhTw: e.titleZhTw, en: e.titleEn }, locale),
      starts_at: e.startsAt.getTime(),
      ends_at: e.endsAt.getTime(),
      create_power: e.createPower,
      win_power: e.winPower,
      prizes: e.prizes,
      state: eventState(e, nowMs),
      closed,
    };
  }

  /** The activity a player sees: the running one, else the next to start, else the last to end. */
  async function runningEvent(now: Date): Promise<PkPowerEventRow | null> {
    const [running] = await db
      .select()
      .from(pkPowerEvents)
      .where(and(lte(pkPowerEvents.startsAt, now), gt(pkPowerEvents.endsAt, now)))
      .limit(1);
    return running ?? null;
  }

  async function shownEvent(nowMs: number): Promise<PkPowerEventRow | null> {
    const now = new Date(nowMs);
    const running = await runningEvent(now);
    if (running) return running;
    const [next] = await db
      .select()
      .from(pkPowerEvents)
      .where(gt(pkPowerEvents.startsAt, now))
      .orderBy(asc(pkPowerEvents.startsAt))
      .limit(1);
    if (next) return next;
    const [last] = await db
      .select()
      .from(pkPowerEvents)
      .where(lte(pkPowerEvents.endsAt, now))
      .orderBy(desc(pkPowerEvents.endsAt))
      .limit(1);
    return last ?? null;
  }

  return {
    async royal(q: RoyalQuery, viewerId: number | null): Promise<BoardView> {
      const period = periodOf(q.period, clock.now(), q.back);
      const head = await periodHead(q.board, period, await readBoardSettings(db));
      const { list, me } = await boardList(db, q.board, period.key, viewerId, head.prizes);
      return { ...head, list, me, now: clock.now() };
    },

    async king(back: number, viewerId: number | null, locale: Locale): Promise<KingView> {
      const period = periodOf('day', clock.now(), back);
      const settings = await readBoardSettings(db);
      const [by_value, by_multiple] = await Promise.all([
        kingBoard('king_value', period, settings, viewerId, locale),
        kingBoard('king_multiple', period, settings, viewerId, locale),
      ]);
      return {
        period_key: period.key,
        starts_at: period.start.getTime(),
        ends_at: period.end.getTime(),
        by_value,
        by_multiple,
        now: clock.now(),
      };
    },

    async pkPower(viewerId: number | null, locale: Locale): Promise<PkPowerView> {
      const nowMs = clock.now();
      const event = await shownEvent(nowMs);
      if (!event) {
        return { event: null, list: [], me: viewerId === null ? null : { rank: null, score: 0, plays: 0 }, now: nowMs };
      }
      const period = `e:${event.id}`;
      const paid = await closedPrizes('pk_power', period);
      const { list, me } = await boardList(db, 'pk_power', period, viewerId, paid ?? event.prizes);
      return { event: eventView(event, paid !== null, locale, nowMs), list, me, now: nowMs };
    },

    /**
     * Tells every client when today's unpacking king changes (king_change on the site room), so
     * the page shows a new king at once instead of at its next poll. Run every second by the
     * scheduler leader: two index reads a second for the whole site, rather than one per opening.
     * Returns whether it told.
     */
    async watchKing(): Promise<boolean> {
      const period = periodOf('day', clock.now()).key;
      const [value, multiple] = await Promise.all([
        boardsRepo.top(db, 'king_value', period, 1),
        boardsRepo.top(db, 'king_multiple', period, 1),
      ]);
      const seen = `${period}|${[value[0], multiple[0]].map((r) => (r ? `${r.userId}:${r.score}` : '-')).join('|')}`;
      const changed = lastKing !== null && seen !== lastKing;
      lastKing = seen;
      if (changed) await deps.bus.publish(SITE_ROOM, BOARDS_EVENTS.kingChange, { period_key: period });
      return changed;
    },

    /**
     * A battle room was made (battles.service onCreated): during a PK power activity, everyone is
     * told (act_pkpower_create_room on the site room). A courtesy: the power itself is counted
     * from the record when the battle ends.
     */
    async battleCreated(roomId: number, creatorId: number): Promise<void> {
      const event = await runningEvent(new Date(clock.now()));
      if (!event) return;
      const [who] = await db
        .select({ nickName: users.nickName, avatar: users.avatar, role: users.role })
        .from(users)
        .where(eq(users.id, creatorId));
      if (!who || who.role === 'robot') return;
      const push: PkPowerCreateRoom = {
        event_id: event.id,
        room_id: roomId,
        user_id: creatorId,
        nick_name: who.nickName,
        avatar: who.avatar,
        power: event.createPower,
      };
      await deps.bus.publish(SITE_ROOM, BOARDS_EVENTS.pkPowerCreateRoom, push);
    },

    eventView,
  };
}

export type BoardsService = ReturnType<typeof createBoardsService>;
