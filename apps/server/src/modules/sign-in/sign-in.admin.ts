import { bagExpectedValue } from '@kaixiang/game/bags';
import type { AdminSignInRewardsInput, AdminSignInRewardsResponse } from '@kaixiang/shared/sign-in';
import { SIGN_IN_CYCLE_DAYS } from '@kaixiang/shared/sign-in-paths';
import type { Db, Tx } from '../../db/client.ts';
import type { SignInRewardRow } from '../../db/schema/sign-in.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import { bagsRepo } from '../bags/bags.repo.ts';
import { entriesOf } from '../bags/bags.service.ts';
import { chinaDayBefore } from '../promotion/china-day.ts';
import { signInRepo } from './sign-in.repo.ts';

/** The expected value of one bag of each campaign the table names (coin units). */
async function bagEvs(tx: Db | Tx, ids: readonly (number | null)[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const id of new Set(ids)) {
    if (id === null) continue;
    const c = await bagsRepo.campaign(tx, id);
    const t = c && (await bagsRepo.table(tx, c.id, c.tableVersion));
    if (t) out.set(id, bagExpectedValue(entriesOf(t)).evUnits);
  }
  return out;
}

/** The table as the admin API shows it, with what a full cycle costs one player who never misses a day. */
export function rewardsView(
  rows: readonly SignInRewardRow[],
  evs: ReadonlyMap<number, number>,
): Pick<AdminSignInRewardsResponse, 'days' | 'cycle_cost'> {
  const days = rows.map((r) => ({
    day: r.day,
    points: r.points,
    coins: r.coinUnits,
    bag_campaign_id: r.bagCampaignId,
    bag_count: r.bagCampaignId === null ? 0 : r.bagCount,
    bag_ev: r.bagCampaignId === null ? 0 : (evs.get(r.bagCampaignId) ?? 0),
    updated_at: r.updatedAt.getTime(),
  }));
  const cost = { points: 0, coins: 0, bags: 0, bag_ev: 0, coins_total: 0 };
  for (const d of days) {
    cost.points += d.points;
    cost.coins += d.coins;
    cost.bags += d.bag_count;
    cost.bag_ev += d.bag_count * d.bag_ev;
  }
  cost.coins_total = cost.coins + cost.bag_ev;
  return { days, cycle_cost: cost };
}

/**
 * The sign-in's admin API: the 7 days' rewards, replaced as a whole, checked, and recorded in the
 * audit log with who changed them in the change's own transaction. A change applies from the next
 * sign-in on; days already signed keep what they paid (sign_ins keeps it).
 */
export function createSignInAdmin(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}) {
  const { db, clock } = deps;

  async function view(tx: Db | Tx, rows: readonly SignInRewardRow[]) {
    return rewardsView(
      rows,
      await bagEvs(
        tx,
        rows.map((r) => r.bagCampaignId),
      ),
    );
  }

  /** Days 1–7 each once, each paying something, bags only of an existing grant campaign. */
  async function checked(tx: Tx, input: AdminSignInRewardsInput) {
    const days = [...input.days].sort((a, b) => a.day - b.day);
    if (days.length !== SIGN_IN_CYCLE_DAYS || days.some((d, i) => d.day !== i + 1)) {
      throw new AppError('SIGN_IN_REWARD_DAYS');
    }
    for (const d of days) {
      if ((d.bag_campaign_id === null) !== (d.bag_count === 0)) throw new AppError('SIGN_IN_BAG_CAMPAIGN');
      if (d.points === 0 && d.coins === 0 && d.bag_count === 0) throw new AppError('SIGN_IN_REWARD_EMPTY');
    }
    for (const id of new Set(days.map((d) => d.bag_campaign_id))) {
      if (id === null) continue;
      const c = await bagsRepo.campaign(tx, id);
      // A sign-in bag is a gift like a mail's: only grant campaigns give by someone else's rule.
      if (c?.kind !== 'grant') throw new AppError('SIGN_IN_BAG_CAMPAIGN');
    }
    return days;
  }

  return {
    async rewards(): Promise<AdminSignInRewardsResponse> {
      const nowMs = clock.now();
      const [rows, recent] = await Promise.all([
        signInRepo.rewards(db),
        signInRepo.recentDays(db, chinaDayBefore(nowMs, SIGN_IN_CYCLE_DAYS - 1)),
      ]);
      return { ...(await view(db, rows)), recent };
    },

    async update(who: AdminActor, input: AdminSignInRewardsInput): Promise<AdminSignInRewardsResponse> {
      const after = await deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        const before = await view(tx, await signInRepo.lockRewards(tx));
        const days = await checked(tx, input);
        await signInRepo.replaceRewards(
          tx,
          days.map((d) => ({
            day: d.day,
            points: d.points,
            coinUnits: d.coins,
            bagCampaignId: d.bag_campaign_id,
            bagCount: d.bag_count,
            updatedAt: now,
          })),
        );
        const changed = await view(tx, await signInRepo.rewards(tx));
        await recordAudit(
          tx,
          who,
          { action: 'sign_in.rewards', target: 'sign_in_rewards', before, after: changed, reason: input.reason },
          now,
        );
        return changed;
      });
      const nowMs = clock.now();
      return { ...after, recent: await signInRepo.recentDays(db, chinaDayBefore(nowMs, SIGN_IN_CYCLE_DAYS - 1)) };
    },
  };
}

export type SignInAdmin = ReturnType<typeof createSignInAdmin>;
