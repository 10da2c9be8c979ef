import { z } from 'zod';

/**
 * Recharge coupons (spec 2 §2 dialog 1 coupon picker and confirm, §3 "Coupon: user_card_id,
 * info_value.award_type", §4 "Coupon", §7 "get coupon list -> data.infos"). A player holds cards
 * (one row each, `user_card_id`) issued from coupon templates by mail attachments, redeem codes or
 * an operator. One card may be named by a recharge order (`card_coupon_id`); it is used up when that
 * order is paid. docs/payments.md "Coupons".
 */
export const COUPON_PATHS = {
  /** GET → {infos}: the player's cards that can still be used, soonest expiry first. */
  list: '/trade/v1/get-coupon-list',
} as const;

/**
 * award_type 1: a bonus of `value` / 10000 of the tier money, on top of the tier bonus.
 * award_type 2: a fixed bonus of `value` units that replaces the tier bonus — the dialog asks for
 * confirmation before it is chosen (spec 2 §4 "award type 2 gets a confirm dialog").
 */
export const COUPON_AWARD = { percent: 1, fixedReplacesTierBonus: 2 } as const;
export type CouponAwardType = (typeof COUPON_AWARD)[keyof typeof COUPON_AWARD];

export const couponCard = z.object({
  user_card_id: z.number().int(),
  name: z.string(),
  info_value: z.object({
    award_type: z.number().int(),
    /** award_type 1: 1/10000 shares of the tier money; award_type 2: units. */
    value: z.number().int(),
    /** The smallest tier money (units) the card applies to. */
    min_money: z.number().int(),
  }),
  expire_time: z.number().int(),
});
export type CouponCard = z.infer<typeof couponCard>;

export const couponListResponse = z.object({ infos: z.array(couponCard) });
export type CouponListResponse = z.infer<typeof couponListResponse>;

/** The bonus (units) a card gives on a tier of `moneyUnits`; 0 below its minimum. */
export function couponBonusUnits(
  card: { award_type: number; value: number; min_money: number },
  moneyUnits: number,
): number {
  if (moneyUnits < card.min_money) return 0;
  if (card.award_type === COUPON_AWARD.percent) return Math.floor((moneyUnits * card.value) / 10_000);
  if (card.award_type === COUPON_AWARD.fixedReplacesTierBonus) return card.value;
  return 0;
}
