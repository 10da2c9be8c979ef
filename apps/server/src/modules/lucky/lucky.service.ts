import type { Locale } from '@kaixiang/shared/locale';
import {
  LUCKY_ODDS,
  type LuckyActivityResponse,
  type LuckyPlayersResponse,
  type LuckyWindow,
} from '@kaixiang/shared/lucky';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boxes } from '../../db/schema/boxes.ts';
import { luckyPlayers, luckyWindows } from '../../db/schema/lucky.ts';
import { users } from '../../db/schema/users.ts';
import type { Clock } from '../../infra/clock.ts';
import { pick } from '../site/site.service.ts';

type WindowRow = typeof luckyWindows.$inferSelect;

export const windowView = (w: WindowRow): LuckyWindow => ({
  id: w.id,
  start_time: w.startsAt.getTime(),
  end_time: w.endsAt.getTime(),
  award: w.awardUnits,
});

/**
 * What /newYearActivity shows (spec 2 §2): the window running now with its award and the odds, or
 * the next one; and the lucky players of the running window (else of the last one), latest first.
 * Read from the database on each call: the page is not hot, and it must show an admin's change
 * at once.
 */
export function createLuckyService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const live = () => isNull(luckyWindows.cancelledAt);

  async function current(now: Date): Promise<WindowRow | null> {
    const [w] = await db
      .select()
      .from(luckyWindows)
      .where(and(live(), lte(luckyWindows.startsAt, now), gt(luckyWindows.endsAt, now)))
      .limit(1);
    return w ?? null;
  }

  return {
    async activity(): Promise<LuckyActivityResponse> {
      const now = new Date(clock.now());
      const [running, [next]] = await Promise.all([
        current(now),
        db
          .select()
          .from(luckyWindows)
          .where(and(live(), gt(luckyWindows.startsAt, now)))
          .orderBy(asc(luckyWindows.startsAt))
          .limit(1),
      ]);
      return {
        current: running ? windowView(running) : null,
        next: next ? windowView(next) : null,
        odds: LUCKY_ODDS,
        system_time: now.getTime(),
      };
    },

    async players(q: { page: number; page_size: number }, locale: Locale): Promise<LuckyPlayersResponse> {
      const now = new Date(clock.now());
      const shown =
        (await current(now)) ??
        (
          await db
            .select()
            .from(luckyWindows)
            .where(and(live(), lte(luckyWindows.startsAt, now)))
            .orderBy(desc(luckyWindows.startsAt))
            .limit(1)
        )[0];
      if (!shown) return { window_id: null, list: [], total: 0 };
      const where = eq(luckyPlayers.windowId, shown.id);
      const [rows, [total]] = await Promise.all([
        db
          .select({ p: luckyPlayers, nick: users.nickName, avatar: users.avatar })
          .from(luckyPlayers)
          .leftJoin(users, eq(users.id, luckyPlayers.userId))
          .where(where)
          .orderBy(desc(luckyPlayers.id))
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size),
        db.select({ n: count() }).from(luckyPlayers).where(where),
      ]);
      const boxIds = [...new Set(rows.map((r) => r.p.boxId))];
      const names = boxIds.length
        ? await db
            .select({ id: boxes.id, zhCn: boxes.nameZhCn, zhTw: boxes.nameZhTw, en: boxes.nameEn })
            .from(boxes)
            .where(inArray(boxes.id, boxIds))
        : [];
      const nameOf = new Map(names.map((b) => [b.id, pick(b, locale)]));
      return {
        window_id: shown.id,
        list: rows.map(({ p, nick, avatar }) => ({
          id: p.id,
          user_id: p.userId,
          nick_name: nick ?? '',
          avatar: avatar ?? '',
          box_id: p.boxId,
          box_name: nameOf.get(p.boxId) ?? p.boxName,
          award: p.awardUnits,
          created_at: p.createdAt.getTime(),
        })),
        total: total?.n ?? 0,
      };
    },
  };
}

export type LuckyService = ReturnType<typeof createLuckyService>;
