import type { BagSource } from '@kaixiang/shared/bags';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { LedgerTx } from '../ledger/ledger.ts';
import { rechargedSince } from '../ledger/recharges.ts';
import { chinaDayOf, chinaDayRange } from '../promotion/china-day.ts';
import { vipLevelCrossing } from '../vip/vip.service.ts';
import { bagsRepo } from './bags.repo.ts';

export interface GrantInput {
  userId: number;
  campaignId: number;
  source: BagSource;
  /** Names the event that gives them; bag i gets `<key>:<i>`, so giving again gives nothing. */
  key: string;
  count: number;
}

/**
 * Gives a player `count` bags of a campaign inside the caller's transaction. Idempotent by the
 * event's key: a replayed event finds its bags given and gives none. Returns how many were new;
 * call the bags service's publishCount after the commit so the icon shows.
 */
export async function grantBagsInTx(tx: Tx, g: GrantInput, now: Date): Promise<number> {
  if (!Number.isSafeInteger(g.count) || g.count < 1) throw new RangeError(`bad bag count ${g.count}`);
  if (!(await bagsRepo.campaign(tx, g.campaignId))) throw new AppError('BAG_CAMPAIGN_NOT_FOUND');
  const grants = Array.from({ length: g.count }, (_, i) => ({
    userId: g.userId,
    campaignId: g.campaignId,
    source: g.source,
    sourceKey: `${g.key}:${i}`,
  }));
  return bagsRepo.grant(tx, grants, now);
}

/**
 * The bags a credited recharge gives (payments' on-recharge hook, in the recharge's own
 * transaction, beside the invite rebate): a rolled-back recharge gives none, and a notification
 * delivered twice gives them once (payments runs the hook once per order, and the bags' keys are
 * unique anyway).
 *
 * - daily_recharge: when the player's recharges of this China day reach the campaign's minimum,
 *   `per_grant` bags, keyed by campaign, player and day: once a day however often they recharge.
 * - vip_level: the levels this recharge took the player past (from the level before it to the
 *   level after, judged on the ledger in this transaction), keyed by campaign, player and level:
 *   a level reached again after a monthly demotion gives nothing twice.
 *
 * Only campaigns enabled and within their window at the recharge give. Returns how many were new.
 */
export async function grantRechargeBags(
  lt: Pick<LedgerTx, 'tx' | 'now'>,
  event: { userId: number; amountUnits: number },
): Promise<number> {
  const { tx, now } = lt;
  const { userId } = event;
  let granted = 0;
  const daily = await bagsRepo.activeCampaigns(tx, 'daily_recharge', now);
  if (daily.length > 0) {
    const day = chinaDayOf(now.getTime());
    const today = await rechargedSince(tx, userId, chinaDayRange(day).start.getTime());
    for (const c of daily) {
      if (today < c.minRechargeUnits) continue;
      const key = `daily_recharge:${c.id}:${userId}:${day}`;
      granted += await grantBagsInTx(
        tx,
        { userId, campaignId: c.id, source: 'daily_recharge', key, count: c.perGrant },
        now,
      );
    }
  }
  const vip = await bagsRepo.activeCampaigns(tx, 'vip_level', now);
  if (vip.length > 0 && event.amountUnits > 0) {
    const { before, after } = await vipLevelCrossing(tx, userId, event.amountUnits);
    for (const c of vip) {
      for (const l of c.vipLevels) {
        if (l.level <= before || l.level > after) continue;
        const key = `vip_level:${c.id}:${userId}:${l.level}`;
        granted += await grantBagsInTx(tx, { userId, campaignId: c.id, source: 'vip_level', key, count: l.count }, now);
      }
    }
  }
  return granted;
}
