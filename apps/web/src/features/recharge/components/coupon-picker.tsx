import { COUPON_AWARD, type CouponCard, couponBonusUnits } from '@kaixiang/shared/coupons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { Price } from '../../../components/price.tsx';
import { bonusPercent } from '../recharge-rules.ts';

/**
 * The coupon picker of the recharge dialog (spec 2 §2 dialog 1, §4 "Coupon"): one card at most,
 * checkboxes; choosing the chosen one again clears it; an award_type 2 card (it replaces the tier
 * bonus) asks for confirmation first. Cards whose minimum the tier does not reach are disabled.
 */
export function CouponPicker({
  cards,
  moneyUnits,
  selectedId,
  onSelect,
}: {
  cards: readonly CouponCard[];
  /** The chosen tier's money, or null before a tier is chosen. */
  moneyUnits: number | null;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<CouponCard | null>(null);
  if (cards.length === 0) return null;

  function toggle(card: CouponCard) {
    if (card.user_card_id === selectedId) onSelect(null);
    else if (card.info_value.award_type === COUPON_AWARD.fixedReplacesTierBonus) setConfirming(card);
    else onSelect(card.user_card_id);
  }

  return (
    <div className="recharge-coupons">
      <h3 className="recharge__label">{t('recharge.coupon.title')}</h3>
      <ul className="recharge-coupons__list">
        {cards.map((card) => {
          const v = card.info_value;
          const reachable = moneyUnits !== null && moneyUnits >= v.min_money;
          const bonus = moneyUnits === null ? 0 : couponBonusUnits(v, moneyUnits);
          return (
            <li key={card.user_card_id}>
              <label className={`recharge-coupon ${reachable ? '' : 'is-disabled'}`}>
                <input
                  type="checkbox"
                  checked={card.user_card_id === selectedId}
                  disabled={!reachable}
                  onChange={() => toggle(card)}
                />
                <span className="recharge-coupon__name">{card.name}</span>
                <span className="recharge-coupon__terms">
                  {v.award_type === COUPON_AWARD.percent
                    ? t('recharge.coupon.percent', { percent: bonusPercent(v.value) })
                    : t('recharge.coupon.fixed')}
                  {' · '}
                  {t('recharge.coupon.minimum')}
                  <Price units={v.min_money} />
                </span>
                {reachable && bonus > 0 && (
                  <span className="recharge-coupon__bonus">
                    +<Price units={bonus} />
                  </span>
                )}
                <span className="recharge-coupon__expiry">
                  {t('recharge.coupon.expires', { date: new Date(card.expire_time).toLocaleDateString() })}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        text={t('recharge.coupon.confirmReplace', { name: confirming?.name ?? '' })}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) onSelect(confirming.user_card_id);
          setConfirming(null);
        }}
      />
    </div>
  );
}
