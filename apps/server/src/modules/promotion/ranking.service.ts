import type { Locale } from '@kaixiang/shared/locale';
import {
  type PickupRankingResponse,
  RANKING_LIST_TYPES,
  RANKING_SIZE,
  type RewardInfo,
  rewardInfo,
} from '@kaixiang/shared/promotion';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { pick } from '../site/site.service.ts';
import { chinaDayBefore, chinaDayOf, chinaDayRange } from './china-day.ts';
import { promotionRepo } from './promotion.repo.ts';

/** Site setting: the prizes of ranks 1-3 in coin units, JSON {reward_a, reward_b, reward_c}. */
export const PICKUP_REWARDS_SETTING = 'pickup_ranking_rewards';
export const DEFAULT_PICKUP_REWARDS: RewardInfo = { reward_a: 1_000_000, reward_b: 500_000, reward_c: 200_000 };
/**
 * A day's prizes are paid only this long after it ends: an item got at 23:59:59 is written by a
 * transaction that may commit a moment after midnight, and the ranking must include it.
 */
export const PRIZE_GRACE_MS = 5 * 60 * 1000;
/** How many finished days the job looks back over, so a process down for a day still pays. */
const PRIZE_LOOKBACK_DAYS = 3;

export interface RankingDeps {
  db: Db;
  ledger: Ledger;
  clock: Clock;
}

/**
 * The pickup ranking (spec 2 §2 dialog 6, §3 Ranking): today's and yesterday's top 10 by value
 * picked up (PICKUP definition in packages/shared/src/promotion.ts), and the daily prizes.
 */
export function createRankingService(deps: RankingDeps) {
  const { db, ledger, clock } = deps;

  async function rewards(): Promise<RewardInfo> {
    const parsed = rewardInfo.safeParse(await promotionRepo.setting(db, PICKUP_REWARDS_SETTING));
    return parsed.success ? parsed.data : DEFAULT_PICKUP_REWARDS;
  }

  async function top(day: string, limit: number) {
    const { start, end } = chinaDayRange(day);
    return promotionRepo.ranking(db, start, end, limit);
  }

  const prizeOf = (r: RewardInfo, rank: number) => [r.reward_a, r.reward_b, r.reward_c][rank - 1] ?? 0;

  /** Pays a finished day's top 3 once (the prize row and the ledger key both refuse a second time). */
  async function payDay(day: string): Promise<{ rank: number; userId: number; prizeUnits: number }[]> {
    // A day's ranks are paid in one transaction: any prize row means the day is done, and the
    // ranking query (a scan of the day's items) is skipped on every later tick.
    if ((await promotionRepo.prizesOf(db, day)).length > 0) return [];
    const [winners, r] = await Promise.all([top(day, 3), rewards()]);
    return ledger.transaction(async ({ tx, now, post }) => {
      const paid: { rank: number; userId: number; prizeUnits: number }[] = [];
      for (const [i, w] of winners.entries()) {
        const rank = i + 1;
        const prizeUnits = prizeOf(r, rank);
        const fresh = await promotionRepo.insertPrize(tx, {
          day,
          rank,
          userId: w.userId,
          valueUnits: w.valueUnits,
          prizeUnits,
          createdAt: now,
        });
        if (!fresh || prizeUnits <= 0) continue;
        await post({
          kind: 'pickup_prize',
          key: `pickup_prize:${day}:${rank}`,
          currency: 'coin',
          memo: day,
          legs: [
            { account: { house: 'promotions' }, amount: -prizeUnits },
            { account: { userId: w.userId }, amount: prizeUnits },
          ],
        });
        paid.push({ rank, userId: w.userId, prizeUnits });
      }
      return paid;
    });
  }

  return {
    rewards,
    payDay,

    async list(listType: 1 | 2, locale: Locale): Promise<PickupRankingResponse> {
      const nowMs = clock.now();
      const day = listType === RANKING_LIST_TYPES.today ? chinaDayOf(nowMs) : chinaDayBefore(nowMs, 1);
      const { start, end } = chinaDayRange(day);
      const rows = await top(day, RANKING_SIZE);
      const ids = rows.map((r) => r.userId);
      const [people, best, reward_info] = await Promise.all([
        promotionRepo.users(db, ids),
        promotionRepo.bestItems(db, ids, start, end),
        rewards(),
      ]);
      const byId = new Map(people.map((p) => [p.id, p]));
      const bestBy = new Map(best.map((b) => [b.userId, b]));
      return {
        day,
        reward_info,
        list: rows.map((r, i) => {
          const u = byId.get(r.userId);
          const b = bestBy.get(r.userId);
          return {
            rank: i + 1,
            user_id: r.userId,
            user_avatar: u?.avatar ?? '',
            user_nick_name: u?.nickName ?? '',
            vip_level: u?.vipLevel ?? 0,
            list_item: {
              item_id: b?.itemDefId ?? 0,
              name: b ? pick(b, locale) : '',
              img: b?.image ?? '',
              quality: b?.quality ?? 0,
              price: b?.priceUnits ?? 0,
            },
            list_price: r.valueUnits,
          };
        }),
      };
    },

    /** The scheduled job: pays every recently finished day not paid yet. */
    async payFinishedDays(): Promise<number> {
      const settled = clock.now() - PRIZE_GRACE_MS;
      let count = 0;
      for (let n = PRIZE_LOOKBACK_DAYS; n >= 1; n--) count += (await payDay(chinaDayBefore(settled, n))).length;
      return count;
    },
  };
}

export type RankingService = ReturnType<typeof createRankingService>;
