import { formatUnits } from '@kaixiang/shared/money';
import type { RollConditions, RollRoomInfo } from '@kaixiang/shared/roll';
import { useTranslation } from 'react-i18next';

type Self = NonNullable<RollRoomInfo['self']>;

/**
 * A room's conditions, one line each; with the viewer's standing (`self`, signed in on the
 * details page) each says whether it is met, and an unmet recharge says how much is missing.
 */
export function ConditionList({ conditions: c, self }: { conditions: RollConditions; self?: Self | null }) {
  const { t } = useTranslation();
  const rows: { key: string; text: string; met: boolean | null; hint?: string }[] = [];
  if (c.min_recharge > 0) {
    const amount = formatUnits(c.min_recharge);
    const missing = self ? c.min_recharge - self.recharged : 0;
    rows.push({
      key: 'recharge',
      text:
        c.recharge_days > 0
          ? t('roll.conditions.recharge', { days: c.recharge_days, amount })
          : t('roll.conditions.rechargeSinceOpen', { amount }),
      met: self ? missing <= 0 : null,
      ...(self && missing > 0 ? { hint: t('roll.conditions.rechargeMore', { amount: formatUnits(missing) }) } : {}),
    });
  }
  if (c.min_vip > 0) {
    rows.push({
      key: 'vip',
      text: t('roll.conditions.vip', { level: c.min_vip }),
      met: self ? self.vip_level >= c.min_vip : null,
    });
  }
  if (c.invited_only) {
    rows.push({ key: 'invited', text: t('roll.conditions.invited'), met: self ? self.invited : null });
  }
  if (c.has_password) rows.push({ key: 'password', text: t('roll.conditions.password'), met: null });
  if (rows.length === 0) return <p className="roll-conditions roll-conditions--none">{t('roll.conditions.none')}</p>;
  return (
    <ul className="roll-conditions" aria-label={t('roll.conditions.title')}>
      {rows.map((r) => (
        <li key={r.key} className={r.met === null ? '' : r.met ? 'is-met' : 'is-unmet'}>
          <span>{r.text}</span>
          {r.met !== null && (
            <span className="roll-conditions__mark">
              {r.met ? `✓ ${t('roll.conditions.met')}` : `✗ ${t('roll.conditions.unmet')}`}
            </span>
          )}
          {r.hint && <span className="roll-conditions__hint">{r.hint}</span>}
        </li>
      ))}
    </ul>
  );
}
