import { useTranslation } from 'react-i18next';

/**
 * Spec 1 §9 / spec 2 §3: VIP levels 0 to 10, each with its own badge colour. Shown beside every
 * player name (header, profile, tickers, histories, rankings, invite lists). Level 0 shows too, in
 * grey: the spec gives level 0 a badge, and the header has always shown it for a new player.
 */
export function VipBadge({ level }: { level: number }) {
  const { t } = useTranslation();
  const clamped = Math.max(0, Math.min(10, Math.trunc(level)));
  return (
    <span className={`vip-badge vip-badge--${clamped}`} data-level={clamped}>
      {t('account.vip', { level: clamped })}
    </span>
  );
}
