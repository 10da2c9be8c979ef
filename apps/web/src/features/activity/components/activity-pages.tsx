import { SIGN_IN_ROUTE } from '@kaixiang/shared/sign-in-paths';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconActivity, IconCheck } from '../../../components/icons.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useActivityList } from '../api/get-activity-list.ts';
import { activityTexts } from '../texts.ts';
import { ActivityCard } from './activity-card.tsx';
import { SignInPanel } from './sign-in-calendar.tsx';
import '../activity.css';

/** vipActivity (活动中心): the sign-in on top, then the running and upcoming activities (data.activities). */
export function ActivityCentrePage() {
  return (
    <FeatureTextsGate texts={activityTexts} fallback={<PageSpinner />}>
      <Centre />
    </FeatureTextsGate>
  );
}

/** /activity/signIn: the sign-in calendar with its rules (the footer is hidden on /activity paths). */
export function SignInPage() {
  return (
    <FeatureTextsGate texts={activityTexts} fallback={<PageSpinner />}>
      <SignInScreen />
    </FeatureTextsGate>
  );
}

function Centre() {
  const { t } = useTranslation();
  const list = useActivityList();
  const running = list.data?.filter((a) => a.state === 'running') ?? [];
  const upcoming = list.data?.filter((a) => a.state === 'upcoming') ?? [];
  return (
    <div className="page activity-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconActivity size={26} />
        </span>
        <div>
          <h1>{t('pages.vipActivity.title')}</h1>
          <p>{t('pages.vipActivity.subtitle')}</p>
        </div>
      </header>
      <SignInPanel />
      {list.isPending ? (
        <PageSpinner />
      ) : !list.data ? (
        <div className="panel">
          <EmptyState
            title={t('activity.centre.failed')}
            action={
              <button type="button" className="button button--ghost" onClick={() => void list.refetch()}>
                {t('activity.centre.retry')}
              </button>
            }
          />
        </div>
      ) : (
        <>
          <section className="activity-section" aria-label={t('activity.centre.running')}>
            <h2>{t('activity.centre.running')}</h2>
            {running.length === 0 ? (
              <div className="panel">
                <EmptyState compact title={t('activity.centre.none')} />
              </div>
            ) : (
              <ul className="activity-list">
                {running.map((a) => (
                  <ActivityCard key={a.id} activity={a} />
                ))}
              </ul>
            )}
          </section>
          {upcoming.length > 0 && (
            <section className="activity-section" aria-label={t('activity.centre.upcoming')}>
              <h2>{t('activity.centre.upcoming')}</h2>
              <ul className="activity-list">
                {upcoming.map((a) => (
                  <ActivityCard key={a.id} activity={a} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

function SignInScreen() {
  const { t } = useTranslation();
  const rules = useActivityList().data?.find((a) => a.path === SIGN_IN_ROUTE)?.rules;
  return (
    <div className="page activity-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconCheck size={26} />
        </span>
        <div>
          <h1>{t('activity.signIn.title')}</h1>
          <p>{t('activity.signIn.subtitle')}</p>
        </div>
      </header>
      <SignInPanel />
      {rules && (
        <section className="panel activity-rules">
          <h2>{t('activity.signIn.rules')}</h2>
          <p>{rules}</p>
        </section>
      )}
    </div>
  );
}
