import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/fallback-image.tsx';
import { numericDate } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useActivities } from '../api/get-activities.ts';
import { BannerArt } from './banner-art.tsx';

/** Running activities (spec 1 §7 activity list); the section disappears when there are none. */
export function ActivityList() {
  const { t } = useTranslation();
  const locale = useLocale();
  // Drawn as a transition (in slices), like the catalogue above it.
  // The list carries upcoming activities too (the activity centre announces them); home shows running ones.
  const activities = (useDeferredValue(useActivities().data) ?? []).filter((a) => a.state === 'running');
  if (activities.length === 0) return null;
  return (
    <section className="home-section">
      <header className="section-head">
        <h2>{t('home.activities')}</h2>
      </header>
      <ul className="activity-grid">
        {activities.map((a) => (
          <li key={a.id}>
            <Link to={a.path} className="activity-card">
              <span className="activity-card__media">
                <FallbackImage
                  src={a.img}
                  className="activity-card__img"
                  fallback={<BannerArt seed={a.id} className="activity-card__art" align="right" />}
                />
              </span>
              <span className="activity-card__body">
                <strong>{a.title}</strong>
                <small>{t('home.activityUntil', { date: numericDate(locale, a.end_at) })}</small>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
