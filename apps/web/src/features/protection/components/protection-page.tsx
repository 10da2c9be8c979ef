import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconShield } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useProtectionView } from '../api/protection.ts';
import { BreakCard } from './break-card.tsx';
import { HistoryExportCard } from './history-export-card.tsx';
import { LimitsCard } from './limits-card.tsx';
import { RealityCheckCard } from './reality-check-card.tsx';
import './protection.css';

/**
 * /userinfo/protection (理性游戏, issue 24 §2): the player's limits, reminders, breaks and history
 * in one place, reached from the personal centre's menu. Login required, as every /userinfo page.
 */
export function ProtectionPage() {
  const { t } = useTranslation();
  const view = useProtectionView();
  return (
    <div className="page personal-center protection-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconShield size={26} />
        </span>
        <div>
          <h1>{t('protection.page.title')}</h1>
          <p>{t('protection.page.subtitle')}</p>
        </div>
      </header>
      {view.data ? (
        <>
          <LimitsCard view={view.data} />
          <RealityCheckCard view={view.data} />
          <div className="protection-page__breaks">
            <BreakCard kind="coolOff" view={view.data} />
            <BreakCard kind="exclude" view={view.data} />
          </div>
        </>
      ) : view.isError ? (
        <section className="panel">
          <EmptyState
            compact
            title={t('protection.page.loadFailed')}
            hint={view.error.message}
            action={
              <button type="button" className="button button--ghost button--sm" onClick={() => void view.refetch()}>
                {t('protection.page.retry')}
              </button>
            }
          />
        </section>
      ) : (
        <section className="panel center-block">
          <Spinner />
        </section>
      )}
      <HistoryExportCard />
    </div>
  );
}
