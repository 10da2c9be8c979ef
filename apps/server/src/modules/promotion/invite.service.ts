import { DEFAULT_INVITE_REBATE_BP, type InviteRechargeResponse } from '@kaixiang/shared/promotion';
import type { Db } from '../../db/client.ts';
import type { LedgerTx } from '../ledger/ledger.ts';
import { promotionRepo } from './promotion.repo.ts';

/** Site setting: the inviter's share of an invitee's recharge, in basis points (500 = 5 %). */
export const INVITE_REBATE_SETTING = 'invite_rebate_bp';

async function rebateRateBp(db: Db | LedgerTx['tx']): Promise<number> {
  const v = await promotionRepo.setting(db, INVITE_REBATE_SETTING);
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 10_000 ? v : DEFAULT_INVITE_REBATE_BP;
}

export interface RechargeEvent {
  /** The player who recharged. */
  userId: number;
  /** What the recharge credited to the player, in coin units (the tier money, before bonuses). */
  amountUnits: number;
  /** The recharge order: the rebate's idempotency key is invite_rebate:<orderSn>. */
  orderSn: string;
}

/**
 * Credits the inviter's rebate for one invitee recharge, inside the recharge's own ledger
 * transaction (payments calls it right after posting the recharge): a rolled-back recharge pays
 * no rebate, and a notification delivered twice pays it once (the order's unique row and the
 * ledger key both refuse a second time). The share is floored to whole units; a player with no
 * inviter, or a share of 0, moves no money. Returns what was paid, or null.
 */
export async function onRecharge(
  lt: Pick<LedgerTx, 'tx' | 'now' | 'post'>,
  event: RechargeEvent,
): Promise<{ inviterId: number; rebateUnits: number } | null> {
  const { tx, now, post } = lt;
  if (!Number.isSafeInteger(event.amountUnits) || event.amountUnits <= 0) return null;
  const inviterId = await promotionRepo.inviterOf(tx, event.userId);
  if (inviterId === null || inviterId === event.userId) return null;
  const rateBp = await rebateRateBp(tx);
  const rebateUnits = Number((BigInt(event.amountUnits) * BigInt(rateBp)) / 10_000n);
  const fresh = await promotionRepo.insertRebate(tx, {
    orderSn: event.orderSn,
    inviterId,
    inviteeId: event.userId,
    rechargeUnits: event.amountUnits,
    rebateUnits,
    rateBp,
    createdAt: now,
  });
  if (!fresh || rebateUnits <= 0) return null;
  await post({
    kind: 'invite_rebate',
    key: `invite_rebate:${event.orderSn}`,
    currency: 'coin',
    memo: event.orderSn,
    legs: [
      { account: { house: 'promotions' }, amount: -rebateUnits },
      { account: { userId: inviterId }, amount: rebateUnits },
    ],
  });
  return { inviterId, rebateUnits };
}

/** get-invite-recharge: the caller's invitees' recharges and what each earned the caller. */
export function createInviteService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async inviteRecharges(userId: number, q: { page: number; page_size: number }): Promise<InviteRechargeResponse> {
      const [r, rate] = await Promise.all([
        promotionRepo.rebates(db, userId, q.page_size, (q.page - 1) * q.page_size),
        rebateRateBp(db),
      ]);
      return {
        list: r.rows.map((x) => ({
          user_id: x.inviteeId,
          nick_name: x.nickName ?? '',
          vip_level: x.vipLevel ?? 0,
          avatar: x.avatar ?? '',
          order_sn: x.orderSn,
          recharge_amount: x.rechargeUnits,
          rebate: x.rebateUnits,
          created_at: x.createdAt.getTime(),
        })),
        total: r.total,
        total_recharge: r.totalRecharge,
        total_rebate: r.totalRebate,
        rebate_rate_bp: rate,
      };
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
