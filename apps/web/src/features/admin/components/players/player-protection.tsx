import type { PlayerDetail } from '@kaixiang/shared/admin-players';
import { formatUnits } from '@kaixiang/shared/money';
import { LIMIT_FIELDS } from '@kaixiang/shared/protection';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../components/price.tsx';
import { localDateTime } from '../../format.ts';

/**
 * 理性游戏设置 (issue 24 §2): what the player chose for themselves, read only. The console shows
 * it so support can answer "why was my recharge refused", and cannot change it: a player's
 * limits and exclusions are theirs.
 */
export function PlayerProtection({ protection }: { protection: PlayerDetail['protection'] }) {
  const { t } = useTranslation();
  const title = t('adminPlayers.protection.title');
  if (protection === null) {
    return (
      <section className="adm-card adm-card--pad" aria-label={title}>
        <h2 className="adm-card__title">{title}</h2>
        <p className="adm-table__muted">{t('adminPlayers.protection.unset')}</p>
      </section>
    );
  }
  const none = t('adminPlayers.protection.none');
  const until = (ms: number | null) => (ms !== null && ms > protection.now ? localDateTime(ms) : none);
  return (
    <section className="adm-card" aria-label={title}>
      <h2 className="adm-card__title">{title}</h2>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">{t('adminPlayers.protection.col.item')}</th>
              <th scope="col">{t('adminPlayers.protection.col.limit')}</th>
              <th scope="col">{t('adminPlayers.protection.col.usage')}</th>
              <th scope="col">{t('adminPlayers.protection.col.pending')}</th>
            </tr>
          </thead>
          <tbody>
            {LIMIT_FIELDS.map((field) => {
              const limit = protection.limits[field];
              const pending = protection.pending.find((p) => p.field === field);
              return (
                <tr key={field}>
                  <th scope="row">{t(`adminPlayers.protection.field.${field}`)}</th>
                  <td>{limit === null ? none : <Price units={limit} />}</td>
                  <td>
                    <Price units={protection.usage[field]} />
                  </td>
                  <td className="adm-table__time">
                    {pending
                      ? t('adminPlayers.protection.pending', {
                          time: localDateTime(pending.effective_at),
                          value: pending.value === null ? none : `¥${formatUnits(pending.value)}`,
                        })
                      : none}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <dl className="adm-facts adm-card--pad">
        <div className="adm-facts__row">
          <dt>{t('adminPlayers.protection.reality')}</dt>
          <dd>
            {protection.reality_check_minutes > 0
              ? t('adminPlayers.protection.realityEvery', { minutes: protection.reality_check_minutes })
              : t('adminPlayers.protection.realityOff')}
          </dd>
        </div>
        <div className="adm-facts__row">
          <dt>{t('adminPlayers.protection.coolOff')}</dt>
          <dd>{until(protection.cool_off_until)}</dd>
        </div>
        <div className="adm-facts__row">
          <dt>{t('adminPlayers.protection.excluded')}</dt>
          <dd>{until(protection.excluded_until)}</dd>
        </div>
      </dl>
    </section>
  );
}
