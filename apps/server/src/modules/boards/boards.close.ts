import { BOARDS_EVENTS, type PeriodBoard, REWARD_NOTICE_MS, type RewardNotice } from '@kaixiang/shared/boards';
import { formatUnits } from '@kaixiang/shared/money';
import { userRoom } from '@kaixiang/shared/socket';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boardClosures, boardPrizes, pkPowerEvents } from '../../db/schema/boards.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { MailService, MailText } from '../mail/mail.service.ts';
import { PRIZE_GRACE_MS } from '../promotion/ranking.service.ts';
import { boardsRepo } from './boards.repo.ts';
import { periodKindsOf, readBoardSettings } from './boards.settings.ts';
import { periodOf } from './periods.ts';

/**
 * A period's prizes are paid only this long after it ends, for the pickup ranking's reason (a
 * record stamped 23:59:59 may commit a moment after midnight): the same grace.
 */
export const CLOSE_GRACE_MS = PRIZE_GRACE_MS;
/** How many finished periods of each board the job looks back over (a process down for a day still pays). */
const LOOKBACK = 3;

export interface Paid {
  rank: number;
  userId: number;
  score: number;
  prizeUnits: number;
}

export interface CloseDeps {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  bus: EventBus;
  mail: Pick<MailService, 'sendInTx' | 'notify'>;
  /** Tests only: runs inside the close's transaction after each rank is paid (a kill lands mid-close). */
  afterRankPaid?: (board: string, period: string, rank: number) => Promise<void>;
}

/** Board names in the mail and the notice, per language. */
const BOARD_NAMES: Record<string, { zhCn: string; zhTw: string; en: string }> = {
  pk: { zhCn: '王者排行·对战榜', zhTw: '王者排行·對戰榜', en: 'Royal ranking · PK' },
  cases: { zhCn: '王者排行·开箱榜', zhTw: '王者排行·開箱榜', en: 'Royal ranking · Cases' },
  upgrade: { zhCn: '王者排行·升级榜', zhTw: '王者排行·升級榜', en: 'Royal ranking · Upgrade' },
  king_value: { zhCn: '开箱王·最高价值', zhTw: '開箱王·最高價值', en: 'Unpacking king · best value' },
  king_multiple: { zhCn: '开箱王·最高倍数', zhTw: '開箱王·最高倍數', en: 'Unpacking king · best multiple' },
  pk_power: { zhCn: 'PK战力', zhTw: 'PK戰力', en: 'PK power' },
};

function periodLabel(period: string): { zhCn: string; zhTw: string; en: string } {
  const [kind, day] = period.split(':');
  if (kind === 'd') return { zhCn: `${day} 日榜`, zhTw: `${day} 日榜`, en: `day ${day}` };
  if (kind === 'w') return { zhCn: `${day} 起周榜`, zhTw: `${day} 起週榜`, en: `week of ${day}` };
  return { zhCn: '', zhTw: '', en: '' };
}

/**
 * Closing a period (docs/promotions/boards.md "Exactly once"): in ONE transaction, the closure row
 * is inserted first; a second close — another process, a restart, a late or repeated tick —
 * conflicts on it (waiting for the first to commit or roll back) and pays nothing. Then the top
 * ranks are read, each prize row written, the prize posted (ledger key
 * board_prize:<board>:<period>:<rank>, a second guard) and the winner's mail written, all in the
 * same transaction: a process killed mid-close leaves nothing, and the next tick closes it whole.
 * The 15 s reward notices go out after the commit.
 */
export function createBoardsCloser(deps: CloseDeps) {
  const { db, ledger, clock } = deps;

  async function close(
    board: string,
    period: string,
    prizes: readonly number[],
    title: { zhCn: string; zhTw: string; en: string } = BOARD_NAMES[board] ?? { zhCn: board, zhTw: board, en: board },
  ): Promise<Paid[] | null> {
    const label = periodLabel(period);
    const result = await ledger.transaction(async ({ tx, now, post }) => {
      const fresh = await tx
        .insert(boardClosures)
        .values({ board, period, closedAt: now })
        .onConflictDoNothing()
        .returning({ board: boardClosures.board });
      if (fresh.length === 0) return null;
      const top = (await boardsRepo.top(tx, board, period, prizes.length)).filter((r) => r.score > 0);
      const paid: Paid[] = [];
      const mails: number[] = [];
      for (const [i, row] of top.entries()) {
        const rank = i + 1;
        const prizeUnits = prizes[i] ?? 0;
        await tx.insert(boardPrizes).values({
          board,
          period,
          rank,
          userId: row.userId,
          score: row.score,
          prizeUnits,
          createdAt: now,
        });
        if (prizeUnits > 0) {
          await post({
            kind: 'board_prize',
            key: `board_prize:${board}:${period}:${rank}`,
            currency: 'coin',
            memo: `${board} ${period} #${rank}`,
            legs: [
              { account: { house: 'promotions' }, amount: -prizeUnits },
              { account: { userId: row.userId }, amount: prizeUnits },
            ],
          });
          const amount = formatUnits(prizeUnits);
          const text: MailText = {
            zhCn: `恭喜你在「${title.zhCn}」${label.zhCn}中获得第 ${rank} 名，奖励 ${amount} 已发放到你的余额。`,
            zhTw: `恭喜你在「${title.zhTw}」${label.zhTw}中獲得第 ${rank} 名，獎勵 ${amount} 已發放到你的餘額。`,
            en: `You came ${rank}${ordinal(rank)} in ${title.en}${label.en ? ` (${label.en})` : ''}: ${amount} has been added to your balance.`,
          };
          const mail = await deps.mail.sendInTx(
            tx,
            {
              userId: row.userId,
              title: { zhCn: '排行榜奖励', zhTw: '排行榜獎勵', en: 'Leaderboard prize' },
              content: text,
              source: 'boards',
              sourceKey: `board_prize:${board}:${period}:${rank}`,
            },
            now,
          );
          if (mail.created) mails.push(row.userId);
        }
        paid.push({ rank, userId: row.userId, score: row.score, prizeUnits });
        await deps.afterRankPaid?.(board, period, rank);
      }
      return { paid, mails };
    });
    if (!result) return null;
    for (const userId of new Set(result.mails)) await deps.mail.notify(userId).catch(() => undefined);
    const event = board === 'pk_power' ? BOARDS_EVENTS.pkPowerRewardNotice : BOARDS_EVENTS.rankingRewardNotice;
    for (const p of result.paid) {
      if (p.prizeUnits <= 0) continue;
      const notice: RewardNotice = {
        board,
        period_key: period,
        title: board === 'pk_power' ? title.zhCn : '',
        title_zh_tw: board === 'pk_power' ? title.zhTw : '',
        title_en: board === 'pk_power' ? title.en : '',
        rank: p.rank,
        score: p.score,
        prize: p.prizeUnits,
        show_ms: REWARD_NOTICE_MS,
      };
      await deps.bus.publish(userRoom(p.userId), event, notice).catch(() => undefined);
    }
    return result.paid;
  }

  /** Calendar periods that ended at least CLOSE_GRACE_MS ago and are not closed yet. */
  async function duePeriods(): Promise<{ board: PeriodBoard; period: string; prizes: number[] }[]> {
    const settled = clock.now() - CLOSE_GRACE_MS;
    const settings = await readBoardSettings(db);
    const candidates = settings.flatMap((s) =>
      periodKindsOf(s.board).includes(s.period)
        ? Array.from({ length: LOOKBACK }, (_, n) => ({
            board: s.board,
            period: periodOf(s.period, settled, n + 1).key,
            prizes: s.enabled ? s.prizes : [],
          }))
        : [],
    );
    const closed = await db
      .select({ board: boardClosures.board, period: boardClosures.period })
      .from(boardClosures)
      .where(inArray(boardClosures.period, [...new Set(candidates.map((c) => c.period))]));
    const done = new Set(closed.map((c) => `${c.board}|${c.period}`));
    return candidates.filter((c) => !done.has(`${c.board}|${c.period}`));
  }

  /** PK power activities that ended at least CLOSE_GRACE_MS ago and are not closed yet. */
  function dueEvents() {
    return db
      .select({
        id: pkPowerEvents.id,
        prizes: pkPowerEvents.prizes,
        titleZhCn: pkPowerEvents.titleZhCn,
        titleZhTw: pkPowerEvents.titleZhTw,
        titleEn: pkPowerEvents.titleEn,
      })
      .from(pkPowerEvents)
      .leftJoin(
        boardClosures,
        and(eq(boardClosures.board, 'pk_power'), eq(boardClosures.period, sql`'e:' || ${pkPowerEvents.id}::text`)),
      )
      .where(and(isNull(boardClosures.board), lte(pkPowerEvents.endsAt, new Date(clock.now() - CLOSE_GRACE_MS))));
  }

  return {
    close,

    /** The scheduled job (on the leader): closes every due period and activity. */
    async closeDue(signal?: AbortSignal): Promise<number> {
      let count = 0;
      for (const p of await duePeriods()) {
        if (signal?.aborted) return count;
        if (await close(p.board, p.period, p.prizes)) count++;
      }
      for (const e of await dueEvents()) {
        if (signal?.aborted) return count;
        const title = { zhCn: e.titleZhCn, zhTw: e.titleZhTw || e.titleZhCn, en: e.titleEn || e.titleZhCn };
        if (await close('pk_power', `e:${e.id}`, e.prizes, title)) count++;
      }
      return count;
    },
  };
}

function ordinal(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

export type BoardsCloser = ReturnType<typeof createBoardsCloser>;
