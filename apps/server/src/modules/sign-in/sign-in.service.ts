import type { Locale } from '@kaixiang/shared/locale';
import {
  SIGN_IN_CYCLE_DAYS,
  type SignInDay,
  type SignInInfoResponse,
  type SignInResponse,
  type SignInReward,
} from '@kaixiang/shared/sign-in';
import { SIGN_IN_KIND } from '@kaixiang/shared/sign-in-paths';
import type { Db, Tx } from '../../db/client.ts';
import type { SignInRewardRow, SignInRow } from '../../db/schema/sign-in.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { grantBagsInTx } from '../bags/bags.grants.ts';
import { bagsRepo } from '../bags/bags.repo.ts';
import { balancesOf, type Ledger, type LedgerTx } from '../ledger/ledger.ts';
import { chinaDayBefore, chinaDayOf, chinaDayRange } from '../promotion/china-day.ts';
import { assertMayClaim } from '../protection/protection.service.ts';
import { pick } from '../site/site.service.ts';
import { type SignedRow, signInRepo } from './sign-in.repo.ts';

/**
 * Where a player stands in the 7-day cycle (pure): today's row when signed, else the cycle day
 * and streak today's sign-in would continue from yesterday's row. A missed day (no row yesterday)
 * starts again at day 1 with no streak; the day after a day 7 starts a new cycle at day 1 and
 * keeps counting the streak.
 */
export function cycleOf(
  today: Pick<SignInRow, 'cycleDay' | 'streak'> | undefined,
  yesterday: Pick<SignInRow, 'cycleDay' | 'streak'> | undefined,
): { signedToday: boolean; cycleDay: number; streak: number; signedDays: number } {
  if (today) return { signedToday: true, cycleDay: today.cycleDay, streak: today.streak, signedDays: today.cycleDay };
  if (!yesterday) return { signedToday: false, cycleDay: 1, streak: 0, signedDays: 0 };
  const done = yesterday.cycleDay >= SIGN_IN_CYCLE_DAYS;
  return {
    signedToday: false,
    cycleDay: done ? 1 : yesterday.cycleDay + 1,
    streak: yesterday.streak,
    signedDays: done ? 0 : yesterday.cycleDay,
  };
}

type Reward = Pick<SignInRewardRow, 'points' | 'coinUnits' | 'bagCampaignId' | 'bagCount'>;

/**
 * The daily sign-in (每日签到; docs/promotions/sign-in.md): one per player per China day, a reward
 * per day of a 7-day cycle from the operator's table, each paid by a balanced transfer from the
 * `promotions` house account.
 */
export function createSignInService(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  /** After a sign-in that gave lucky bags commits: tell the player's tabs (the bag icon). */
  onBags: (userId: number) => Promise<void>;
}) {
  const { db, clock, ledger } = deps;

  /** Campaign names by id, in the request's language, for the days that give bags. */
  async function bagNames(tx: Db | Tx, ids: readonly (number | null)[], locale: Locale): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const id of new Set(ids)) {
      if (id === null) continue;
      const c = await bagsRepo.campaign(tx, id);
      if (c) out.set(id, pick({ zhCn: c.nameZhCn, zhTw: c.nameZhTw, en: c.nameEn }, locale));
    }
    return out;
  }

  const rewardOf = (day: number, r: Reward | undefined, names: Map<number, string>): SignInReward => ({
    day,
    points: r?.points ?? 0,
    coins: r?.coinUnits ?? 0,
    bag_count: r && r.bagCampaignId !== null ? r.bagCount : 0,
    bag_name: r && r.bagCampaignId !== null && r.bagCount > 0 ? (names.get(r.bagCampaignId) ?? '') : '',
  });

  /** Pays a sign-in's reward inside its transaction; keys name the player and the day: paid once. */
  async function pay(
    lt: LedgerTx,
    userId: number,
    day: string,
    s: SignedRow,
  ): Promise<{ points?: number; money?: number }> {
    const memo = `签到第${s.cycleDay}天`;
    const out: { points?: number; money?: number } = {};
    if (s.points > 0) {
      const r = await lt.post({
        kind: SIGN_IN_KIND,
        key: `${SIGN_IN_KIND}:${userId}:${day}:point`,
        currency: 'point',
        memo,
        legs: [
          { account: { house: 'promotions' }, amount: -s.points },
          { account: { userId }, amount: s.points },
        ],
      });
      out.points = r.balances.get(userId);
    }
    if (s.coinUnits > 0) {
      const r = await lt.post({
        kind: SIGN_IN_KIND,
        key: `${SIGN_IN_KIND}:${userId}:${day}:coin`,
        currency: 'coin',
        memo,
        legs: [
          { account: { house: 'promotions' }, amount: -s.coinUnits },
          { account: { userId }, amount: s.coinUnits },
        ],
      });
      out.money = r.balances.get(userId);
    }
    if (s.bagCampaignId !== null && s.bagCount > 0) {
      await grantBagsInTx(
        lt.tx,
        {
          userId,
          campaignId: s.bagCampaignId,
          source: 'sign_in',
          key: `${SIGN_IN_KIND}:${userId}:${day}`,
          count: s.bagCount,
        },
        lt.now,
      );
    }
    return out;
  }

  return {
    async info(userId: number, locale: Locale): Promise<SignInInfoResponse> {
      const nowMs = clock.now();
      const today = chinaDayOf(nowMs);
      const yesterday = chinaDayBefore(nowMs, 1);
      const [rows, rewards, balances] = await Promise.all([
        signInRepo.ofDays(db, userId, [today, yesterday]),
        signInRepo.rewards(db),
        balancesOf(db, userId),
      ]);
      const state = cycleOf(
        rows.find((r) => r.day === today),
        rows.find((r) => r.day === yesterday),
      );
      const names = await bagNames(
        db,
        rewards.map((r) => r.bagCampaignId),
        locale,
      );
      const byDay = new Map(rewards.map((r) => [r.day, r]));
      const days: SignInDay[] = Array.from({ length: SIGN_IN_CYCLE_DAYS }, (_, i) => {
        const day = i + 1;
        const signed = day <= state.signedDays;
        return {
          ...rewardOf(day, byDay.get(day), names),
          state: signed ? 'signed' : day === state.cycleDay ? 'today' : 'ahead',
        };
      });
      return {
        today,
        signed_today: state.signedToday,
        streak: state.streak,
        cycle_day: state.cycleDay,
        days,
        points: balances.point,
        next_day_at: chinaDayRange(today).end.getTime(),
        server_time: nowMs,
      };
    },

    /**
     * Signs the player in for today (China time) and pays the day's reward, in one short
     * transaction: the insert that one sign-in a day wins, then the transfers. A second request
     * the same day — a double click, another tab, another process — answers SIGN_IN_ALREADY.
     */
    async sign(userId: number, locale: Locale): Promise<SignInResponse> {
      await assertMayClaim(deps.db, userId, deps.clock.now());
      const done = await ledger.transaction(async (lt) => {
        const nowMs = lt.now.getTime();
        const day = chinaDayOf(nowMs);
        const signed = await signInRepo.insertSignIn(lt.tx, {
          userId,
          day,
          yesterday: chinaDayBefore(nowMs, 1),
          now: lt.now,
        });
        if (!signed) throw new AppError('SIGN_IN_ALREADY');
        const paid = await pay(lt, userId, day, signed);
        const balances =
          paid.points === undefined || paid.money === undefined ? await balancesOf(lt.tx, userId) : undefined;
        return {
          day,
          signed,
          points: paid.points ?? balances?.point ?? 0,
          money: paid.money ?? balances?.coin ?? 0,
        };
      });
      const { signed } = done;
      if (signed.bagCampaignId !== null && signed.bagCount > 0) await deps.onBags(userId);
      const names = await bagNames(db, [signed.bagCampaignId], locale);
      return {
        today: done.day,
        cycle_day: signed.cycleDay,
        streak: signed.streak,
        reward: rewardOf(signed.cycleDay, signed, names),
        points: done.points,
        money: done.money,
      };
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
