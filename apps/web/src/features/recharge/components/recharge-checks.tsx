import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { helpPath } from '../../../lib/paths.ts';
import { CONDITION_KEYS, type ConditionKey } from '../recharge-rules.ts';

/** The three conditions (all start ticked) and the 18+ box with the agreement links (spec 2 §2, §5). */
export function RechargeChecks({
  adult,
  conditions,
  onAdult,
  onCondition,
}: {
  adult: boolean;
  conditions: Record<ConditionKey, boolean>;
  onAdult: (checked: boolean) => void;
  onCondition: (key: ConditionKey, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="recharge-checks">
      {CONDITION_KEYS.map((key) => (
        <label key={key} className="recharge-check">
          <input type="checkbox" checked={conditions[key]} onChange={(e) => onCondition(key, e.target.checked)} />
          <span>{t(`recharge.conditions.${key}`)}</span>
        </label>
      ))}
      <div className="recharge-check recharge-check--adult">
        <input
          type="checkbox"
          aria-label={t('recharge.adultLabel')}
          checked={adult}
          onChange={(e) => onAdult(e.target.checked)}
        />
        <span>
          {t('recharge.adultPrefix')}
          <Link to={helpPath('condition')} target="_blank">
            {t('recharge.agreement')}
          </Link>
          {t('recharge.and')}
          <Link to={helpPath('privacyPolicy')} target="_blank">
            {t('recharge.privacy')}
          </Link>
        </span>
      </div>
    </div>
  );
}
