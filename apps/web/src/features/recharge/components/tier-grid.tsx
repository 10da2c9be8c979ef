import type { MoneyTier } from '@kaixiang/shared/payments';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../components/price.tsx';
import { bonusPercent } from '../recharge-rules.ts';

/** The amount tiers of a channel (spec 2 §2 dialog 1): price, avatar title and days, bonus badge. */
export function TierGrid({
  tiers,
  selectedId,
  onSelect,
}: {
  tiers: readonly MoneyTier[];
  selectedId: number | null;
  onSelect: (tier: MoneyTier) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="recharge-tiers" role="radiogroup" aria-label={t('recharge.tiers')}>
      {tiers.map((tier) => {
        const selected = tier.id === selectedId;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a card with a picture and three lines, not a bare radio
          <button
            key={tier.id}
            type="button"
            role="radio"
            aria-checked={selected}
            className={`recharge-tier ${selected ? 'is-active' : ''}`}
            onClick={() => onSelect(tier)}
          >
            {tier.addition_money > 0 && (
              <span className="recharge-tier__bonus">
                {t('recharge.bonus', { percent: bonusPercent(tier.addition_money) })}
              </span>
            )}
            {tier.avatar && <img className="recharge-tier__avatar" src={tier.avatar} alt="" />}
            <Price units={tier.money} className="recharge-tier__price" />
            {tier.avatar_title && <span className="recharge-tier__title">{tier.avatar_title}</span>}
            {tier.days > 0 && <span className="recharge-tier__days">{t('recharge.days', { count: tier.days })}</span>}
          </button>
        );
      })}
    </div>
  );
}
