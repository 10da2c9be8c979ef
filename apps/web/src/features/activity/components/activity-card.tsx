import type { Activity } from '@kaixiang/shared/site';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTimeFormat, TO_THE_MINUTE } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';

/** One activity of the list: its state, window, rules and the way to its page. */
export function ActivityCard({ activity: a }: { activity: Activity }) {
  const { t } = useTranslation();
  const when = dateTimeFormat(useLocale(), TO_THE_MINUTE);
  // A navigation path containing "http" opens in a new window (spec 1 §2).
  const outside = a.path.includes('http');
  return (
    <li className={`activity-item is-${a.state}`} data-testid="activity-item">
      <div className="activity-item__head">
        <span className={`activity-item__state is-${a.state}`}>{t(`activity.centre.${a.state}`)}</span>
        <h3>{a.title}</h3>
      </div>
      <p className="activity-item__window">
        {a.state === 'upcoming'
          ? t('activity.centre.startsAt', { date: when.format(a.start_at) })
          : t('activity.centre.window', { from: when.format(a.start_at), to: when.format(a.end_at) })}
      </p>
      {a.rules && (
        <div className="activity-item__rules">
          <strong>{t('activity.centre.rules')}</strong>
          <p>{a.rules}</p>
        </div>
      )}
      <div className="activity-item__go">
        {outside ? (
          <a className="button button--ghost button--sm" href={a.path} target="_blank" rel="noreferrer">
            {t('activity.centre.go')}
          </a>
        ) : (
          <Link className="button button--ghost button--sm" to={a.path}>
            {t('activity.centre.go')}
          </Link>
        )}
      </div>
    </li>
  );
}
