import { COUPON_AWARD, type CouponCard, couponBonusUnits } from '@kaixiang/shared/coupons';
import type { Locale } from '@kaixiang/shared/locale';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { pick } from '../site/site.service.ts';
import { couponsRepo as repo } from './coupons.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a card does for one order, fixed when the order is made. */
export interface CouponForOrder {
  cardId: number;
  bonusUnits: number;
  /** award_type 2: the card's bonus replaces the tier bonus. */
  replacesBonus: boolean;
}

/**
 * Coupons (packages/shared/src/coupons.ts; docs/payments.md "Coupons"). Cards are issued inside
 * the caller's transaction (a mail attachment being received, an operator); payments asks for a
 * card when an order names one and uses it up when that order is paid.
 */
export const coupons = {
  /** The player's usable cards (spec 2 §7 "get coupon list -> data.infos"). */
  async list(db: Db, clock: Clock, userId: number, locale: Locale): Promise<{ infos: CouponCard[] }> {
    const rows = await repo.usable(db, userId, new Date(clock.now()));
    return {
      infos: rows.map((r) => ({
        user_card_id: r.id,
        name: pick(r, locale),
        info_value: { award_type: r.awardType, value: r.value, min_money: r.minRechargeUnits },
        expire_time: r.expiresAt.getTime(),
      })),
    };
  },

  /**
   * Gives a player one card of a template. `sourceKey` makes it once per issuing event (a mail
   * received twice gives one card); returns the card id, or null when that key was already used.
   */
  async issueInTx(
    tx: Tx,
    input: { userId: number; couponId: number; source: string; sourceKey?: string },
    now: Date,
  ): Promise<number | null> {
    const t = await repo.template(tx, input.couponId);
    if (!t?.enabled) throw new RangeError(`no enabled coupon ${input.couponId}`);
    const card = await repo.insertCard(tx, {
      userId: input.userId,
      couponId: t.id,
      awardType: t.awardType,
      value: t.value,
      minRechargeUnits: t.minRechargeUnits,
      expiresAt: new Date(now.getTime() + t.validDays * DAY_MS),
      source: input.source,
      sourceKey: input.sourceKey ?? null,
      createdAt: now,
    });
    return card?.id ?? null;
  },

  /**
   * The card an order names, locked for the order's transaction: the player's own, not used, not
   * expired, and its minimum met by the tier. A card held by an unpaid order is taken over (the
   * dialog makes a new order whenever tier, channel or coupon change). Call `hold` once the order
   * row exists.
   */
  async forOrder(tx: Tx, userId: number, cardId: number, moneyUnits: number, now: Date): Promise<CouponForOrder> {
    const card = await repo.cardForUpdate(tx, cardId);
    if (!card || card.userId !== userId || card.usedAt || card.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('COUPON_UNAVAILABLE');
    }
    if (moneyUnits < card.minRechargeUnits) throw new AppError('COUPON_MIN_NOT_REACHED');
    const terms = { award_type: card.awardType, value: card.value, min_money: card.minRechargeUnits };
    return {
      cardId: card.id,
      bonusUnits: couponBonusUnits(terms, moneyUnits),
      replacesBonus: card.awardType === COUPON_AWARD.fixedReplacesTierBonus,
    };
  },

  hold: (tx: Tx, cardId: number, orderId: number) => repo.hold(tx, cardId, orderId),

  /** At payment: uses the card up if this order still holds it (true), else the order pays without it. */
  useFor: (tx: Tx, cardId: number, orderId: number, now: Date) => repo.useFor(tx, cardId, orderId, now),

  /** Template names for display (mail attachments), by id, in the reader's language. */
  async names(db: Db | Tx, ids: readonly number[], locale: Locale): Promise<Map<number, string>> {
    const rows = await repo.templates(db, ids);
    return new Map(rows.map((r) => [r.id, pick({ zhCn: r.nameZhCn, zhTw: r.nameZhTw, en: r.nameEn }, locale)]));
  },
};
