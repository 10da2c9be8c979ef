import { useTranslation } from 'react-i18next';

/** Spec 1 §9: VIP levels 0 to 10, each with its own badge colour. */
export function VipBadge({ level }: { level: number }) {
  const { t } = useTranslation();
  const clamped = Math.max(0, Math.min(10, Math.trunc(level)));
  return (
    <span className={`vip-badge vip-badge--${clamped}`} data-level={clamped}>
      {t('account.vip', { level: clamped })}
    </span>
  );
}
